import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useridSearchQuery } from '../api.ts';
import { UseridSearchBox, useSearchKeyword } from './UseridSearchBox.tsx';

/** Finds members of the placement downline by the start of their userid; picking one shows the tree from there. */
export function TreeSearch({ onPick }: { onPick: (userid: string) => void }) {
  const { t } = useTranslation('network');
  const [text, setText] = useState('');
  const keyword = useSearchKeyword(text);
  const search = useQuery(useridSearchQuery(keyword));
  const open = text.trim() !== '' && keyword !== '';
  const pick = (userid: string) => {
    setText('');
    onPick(userid);
  };
  return (
    <div className="network-search">
      <UseridSearchBox
        id="tree-search"
        placeholder={t('tree.searchPlaceholder')}
        label={t('tree.search')}
        value={text}
        onChange={setText}
      />
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
