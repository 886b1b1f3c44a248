import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { type DownlineMember, fetchDirects, fetchDownlineSearch, networkKeys } from '../api.ts';
import { DownlineRow } from '../components/DownlineRow.tsx';
import { MemberPopup } from '../components/MemberPopup.tsx';
import { UseridSearchBox, useSearchKeyword } from '../components/UseridSearchBox.tsx';
import '../network.css';

/**
 * The members one invited (member/downlinelist); typing switches to a search of the whole sponsor downline by
 * the start of the userid (member/searchdownline). A row shows where that member sits.
 */
export default function MyAffiliatesPage() {
  const { t } = useTranslation('network');
  const [text, setText] = useState('');
  const keyword = useSearchKeyword(text);
  const [picked, setPicked] = useState('');
  const renderItem = (m: DownlineMember) => <DownlineRow m={m} onPick={setPicked} />;

  return (
    <PageLayout title={t('routes:/pages/personal/MyAffiliates')} testId="affiliates-page">
      <div className="network-search">
        <UseridSearchBox
          id="affiliates-search"
          placeholder={t('affiliates.searchPlaceholder')}
          label={t('affiliates.search')}
          value={text}
          onChange={setText}
        />
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
