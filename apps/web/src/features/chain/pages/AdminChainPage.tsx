import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { adminChainQuery } from '../api.ts';
import '../chain.css';

/** `/pages/admin/chain`: the chain, the scanner's cursor and lag, deposits credited and held, and what needs a look. */
export default function AdminChainPage() {
  const { t } = useTranslation('chain');
  const { data } = useQuery(adminChainQuery);
  return (
    <PageLayout title={t('routes:/pages/admin/chain')} testId="admin-chain-page">
      {!data && <LoadingBlock />}
      {data && (
        <>
          <dl className="chain-grid" data-testid="chain-info">
            <dt>{t('admin.title')}</dt>
            <dd>
              {data.name} ({data.network}, {data.chain_id})
            </dd>
            <dt>{t('admin.token')}</dt>
            <dd>{data.token}</dd>
            <dt>{t('admin.head')}</dt>
            <dd data-testid="chain-head">{data.head}</dd>
            <dt>{t('admin.cursor')}</dt>
            <dd>{data.cursor}</dd>
            <dt>{t('admin.lag')}</dt>
            <dd data-testid="chain-lag">{data.lag}</dd>
            <dt>{t('admin.pending')}</dt>
            <dd>{data.pending}</dd>
            <dt>{t('admin.credited')}</dt>
            <dd data-testid="chain-credited">{data.credited} USDT</dd>
            <dt>{t('admin.onAddresses')}</dt>
            <dd data-testid="chain-held">{data.on_addresses} USDT</dd>
          </dl>
          <h2 className="section-title">{t('admin.attention')}</h2>
          {data.attention.length === 0 && <p className="deposit-row">{t('admin.noAttention')}</p>}
          {data.attention.map((a) => (
            <div className="deposit-row" key={a.id}>
              <div className="top">
                <strong>
                  {a.userid} · {a.amount} USDT
                </strong>
                <span className={`deposit-state ${a.state}`}>
                  {t(`state.${a.state}`, { confirmations: 0, required: 6 })}
                </span>
              </div>
              <span className="deposit-tx">{a.tx_hash}</span>
            </div>
          ))}
        </>
      )}
    </PageLayout>
  );
}
