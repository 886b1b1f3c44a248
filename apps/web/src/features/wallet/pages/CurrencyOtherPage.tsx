import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { AirdropForm } from '../components/AirdropForm.tsx';
import { ExchangeForm } from '../components/ExchangeForm.tsx';
import { TransferForm } from '../components/TransferForm.tsx';

const VIEWS = ['transfer', 'exchange', 'airdrop'] as const;
type View = (typeof VIEWS)[number];

const isView = (v: string | null): v is View => (VIEWS as readonly (string | null)[]).includes(v);

/** The spec's CurrencyOther page: transfer, exchange and airdrop as tabs, chosen by `?type=`. */
export default function CurrencyOtherPage() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const view: View = isView(type) ? type : 'transfer';
  return (
    <PageLayout title={t(`actions.${view}`)} testId="currency-other-page">
      <Tabs
        activeKey={view}
        onChange={(key) => setParams({ type: key }, { replace: true })}
        data-testid="currency-tabs"
      >
        {VIEWS.map((v) => (
          <Tabs.Tab key={v} title={<span data-testid={`currency-tab-${v}`}>{t(`actions.${v}`)}</span>} />
        ))}
      </Tabs>
      <div data-testid={`currency-view-${view}`}>
        {view === 'transfer' ? <TransferForm /> : view === 'exchange' ? <ExchangeForm /> : <AirdropForm />}
      </div>
    </PageLayout>
  );
}
