import { Input } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useDebounced } from '../../../lib/useDebounced.ts';

/** As-you-type wait before searching (ms). */
export const SEARCH_DELAY_MS = 300;

/** The text typed, trimmed, once the member has paused typing. */
export const useSearchKeyword = (text: string) => useDebounced(text.trim(), SEARCH_DELAY_MS);

/** The search box of the network screens: a userid (or its start), at most 15 characters. */
export function UseridSearchBox(props: {
  id: string;
  placeholder: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <div className="network-search-box">
      <SearchOutline aria-hidden />
      <Input
        id={props.id}
        data-testid={props.id}
        placeholder={props.placeholder}
        aria-label={props.label}
        value={props.value}
        onChange={props.onChange}
        maxLength={15}
        autoComplete="off"
        clearable
      />
    </div>
  );
}
