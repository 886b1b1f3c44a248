import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { MemberList } from '../components/MemberList.tsx';
import '../admin.css';

/** Finds members by the start of a username, an e-mail or a mobile number, as the admin types. */
export default function AdminMemberSearchPage() {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 400);
  return (
    <PageLayout title={t('routes:/pages/admin/search')} testId="admin-member-search-page">
      <div className="admin-filters member-search">
        <Input
          id="member-search-keyword"
          data-testid="member-search-keyword"
          type="search"
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          value={text}
          onChange={setText}
          maxLength={64}
          clearable
          autoFocus
        />
      </div>
      {keyword ? (
        <MemberList
          filter={{ keyword }}
          empty={<EmptyBlock text={t('search.none', { keyword })} testId="member-search-empty" />}
          testId="member-search-results"
        />
      ) : (
        <p className="page-section field-hint" data-testid="member-search-hint">
          {t('search.hint')}
        </p>
      )}
    </PageLayout>
  );
}
