import { Input } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { type DownlineMember, fetchDirects, fetchDownlineSearch, networkKeys } from '../api.ts';
import { DownlineRow } from '../components/DownlineRow.tsx';
import { MemberPopup } from '../components/MemberPopup.tsx';
import '../network.css';

/** As-you-type wait before searching (ms). */
const SEARCH_DELAY_MS = 300;

/**
 * The members one invited (member/downlinelist); typing switches to a search of the whole sponsor downline by
 * the start of the userid (member/searchdownline). A row shows where that member sits.
 */
export default function MyAffiliatesPage() {
  const { t } = useTranslation('network');
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const [picked, setPicked] = useState('');
  const renderItem = (m: DownlineMember) => <DownlineRow m={m} onPick={setPicked} />;

  return (
    <PageLayout title={t('routes:/pages/personal/MyAffiliates')} testId="affiliates-page">
      <div className="network-search">
        <div className="network-search-box">
          <SearchOutline aria-hidden />
          <Input
            id="affiliates-search"
            data-testid="affiliates-search"
            placeholder={t('affiliates.searchPlaceholder')}
            aria-label={t('affiliates.search')}
            value={text}
            onChange={setText}
            maxLength={15}
            autoComplete="off"
            clearable
          />
        </div>
      </div>
      <h2 className="section-title" data-testid="affiliates-heading">
        {keyword ? t('affiliates.results', { keyword }) : t('affiliates.directs')}
      </h2>
      {keyword ? (
        <PagedList<DownlineMember>
          key={keyword}
          queryKey={networkKeys.downlineSearch(keyword)}
          fetchPage={fetchDownlineSearch(keyword)}
          itemKey={(m) => m.userid}
          renderItem={renderItem}
          empty={<EmptyBlock text={t('search.none')} testId="affiliates-search-empty" />}
          testId="affiliates-search-list"
        />
      ) : (
        <PagedList<DownlineMember>
          queryKey={networkKeys.directs}
          fetchPage={fetchDirects}
          itemKey={(m) => m.userid}
          renderItem={renderItem}
          empty={<EmptyBlock text={t('affiliates.empty')} testId="affiliates-empty" />}
          testId="affiliates-list"
        />
      )}
      <MemberPopup userid={picked} onClose={() => setPicked('')} />
    </PageLayout>
  );
}
