import { FilterChips } from '../../../components/FilterChips.tsx';

type Props<K extends string> = {
  options: readonly { key: K; label: string }[];
  label: string;
  testId: string;
  /** Given by the enclosing Form.Item. */
  value?: K;
  onChange?: (key: K) => void;
};

/** One choice among a few, as toggle chips, usable as a form field (`<testId>-<key>`, aria-pressed). */
export function ChoiceChips<K extends string>({ options, label, testId, value, onChange }: Props<K>) {
  return (
    <div className="choice-chips">
      <FilterChips
        options={options}
        value={value ?? ('' as K)}
        onChange={(key) => onChange?.(key)}
        label={label}
        testId={testId}
      />
    </div>
  );
}
