import { Tabs } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { AirdropForm } from '../components/AirdropForm.tsx';
import { ExchangeForm } from '../components/ExchangeForm.tsx';
import { MoveForm } from '../components/MoveForm.tsx';
import { TransferForm } from '../components/TransferForm.tsx';

const VIEWS = ['transfer', 'exchange', 'move', 'airdrop'] as const;
type View = (typeof VIEWS)[number];

const isView = (v: string | null): v is View => (VIEWS as readonly (string | null)[]).includes(v);

const FORMS: Record<View, () => ReactNode> = {
  transfer: TransferForm,
  exchange: ExchangeForm,
  move: MoveForm,
  airdrop: AirdropForm,
};

/**
 * The spec's CurrencyOther page: transfer, exchange, moving deposits to the funds wallet (ours) and airdrop as tabs,
 * chosen by `?type=`.
 */
export default function CurrencyOtherPage() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const view: View = isView(type) ? type : 'transfer';
  // The move tab's texts are in the `chain` namespace (kept out of the first load; the route loads it).
  const title = (v: View) => (v === 'move' ? t('chain:flow.move') : t(`actions.${v}`));
  const ViewForm = FORMS[view];
  return (
    <PageLayout title={title(view)} testId="currency-other-page">
      <Tabs
        activeKey={view}
        onChange={(key) => setParams({ type: key }, { replace: true })}
        data-testid="currency-tabs"
      >
        {VIEWS.map((v) => (
          <Tabs.Tab key={v} title={<span data-testid={`currency-tab-${v}`}>{title(v)}</span>} />
        ))}
      </Tabs>
      <div data-testid={`currency-view-${view}`}>
        <ViewForm />
      </div>
    </PageLayout>
  );
}
