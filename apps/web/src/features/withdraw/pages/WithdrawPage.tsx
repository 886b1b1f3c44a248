import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { SecurityHoldBanner } from '../../../components/SecurityHoldBanner.tsx';
import { WithdrawalList } from '../components/WithdrawalList.tsx';
import { WithdrawForm } from '../components/WithdrawForm.tsx';

/** The spec's withdraw page: the request form and, as a second tab (`?tab=list`), the member's withdrawals. */
export default function WithdrawPage() {
  const { t } = useTranslation('withdraw');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'list' ? 'list' : 'form';
  const show = (key: string) => setParams(key === 'list' ? { tab: 'list' } : {}, { replace: true });
  return (
    <PageLayout title={t('routes:/pages/Wallet/menuWithdraw')} testId="withdraw-page">
      <Tabs activeKey={tab} onChange={show}>
        <Tabs.Tab key="form" title={<span data-testid="withdraw-tab-form">{t('tabs.form')}</span>} />
        <Tabs.Tab key="list" title={<span data-testid="withdraw-tab-list">{t('tabs.list')}</span>} />
      </Tabs>
      {tab === 'form' ? <SecurityHoldBanner /> : null}
      {tab === 'form' ? <WithdrawForm onShowList={() => show('list')} /> : <WithdrawalList />}
    </PageLayout>
  );
}
