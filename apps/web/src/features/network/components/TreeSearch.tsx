import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { useridSearchQuery } from '../api.ts';

/** As-you-type wait before asking the server (ms). */
const SEARCH_DELAY_MS = 300;

/** Finds members of the placement downline by the start of their userid; picking one shows the tree from there. */
export function TreeSearch({ onPick }: { onPick: (userid: string) => void }) {
  const { t } = useTranslation('network');
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const search = useQuery(useridSearchQuery(keyword));
  const open = text.trim() !== '' && keyword !== '';
  const pick = (userid: string) => {
    setText('');
    onPick(userid);
  };
  return (
    <div className="network-search">
      <div className="network-search-box">
        <SearchOutline aria-hidden />
        <Input
          id="tree-search"
          data-testid="tree-search"
          placeholder={t('tree.searchPlaceholder')}
          aria-label={t('tree.search')}
          value={text}
          onChange={setText}
          maxLength={15}
          autoComplete="off"
          clearable
        />
      </div>
      {open ? (
        <div className="network-search-results" data-testid="tree-search-results" role="listbox">
          {search.isFetching && !search.data ? (
            <p className="list-state">{t('common:list.loading')}</p>
          ) : null}
          {search.isError ? (
            <p className="list-state" data-testid="tree-search-error">
              {search.error.message}
            </p>
          ) : null}
          {search.data?.list.length === 0 ? (
            <p className="list-state" data-testid="tree-search-none">
              {t('search.none')}
            </p>
          ) : null}
          {search.data?.list.map((m) => (
            <button
              key={m.userid}
              type="button"
              role="option"
              aria-selected={false}
              className="network-search-result"
              onClick={() => pick(m.userid)}
              data-testid={`tree-search-result-${m.userid}`}
            >
              <strong>{m.userid}</strong>
              <span>
                {t(`ranks.${m.rank}`)} · {m.leg === 'L' ? t('left') : t('right')} ·{' '}
                {t('levelN', { level: m.depth })}
              </span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
