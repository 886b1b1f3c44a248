import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { adminChainQuery, chainName } from '../api.ts';
import '../chain.css';
import { Money } from '../../../components/Money.tsx';

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
              {chainName(data.name, t)} ({data.network}, {data.chain_id})
            </dd>
            <dt>{t('admin.rpc')}</dt>
            <dd>
              {data.rpc_url}
              {data.demo ? ` · ${t('admin.demo')}` : ''}
            </dd>
            <dt>{t('admin.token')}</dt>
            <dd>{data.token_address}</dd>
            <dt>{t('admin.confirmationsRequired')}</dt>
            <dd>{data.confirmations}</dd>
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
            <dt>{t('admin.depositWallets')}</dt>
            <dd data-testid="chain-wallets">{data.deposit_wallets} USDT</dd>
            <dt>{t('admin.onAddresses')}</dt>
            <dd data-testid="chain-held">{data.on_addresses} USDT</dd>
          </dl>
          <h2 className="section-title">{t('admin.hotWallet')}</h2>
          {data.hot_wallet_address ? (
            <dl className="chain-grid" data-testid="chain-hot-wallet">
              <dt>{t('admin.hotWallet')}</dt>
              <dd className="deposit-tx">{data.hot_wallet_address}</dd>
              <dt>{t('admin.hotUsdt')}</dt>
              <dd data-testid="chain-hot-usdt">{data.hot_wallet_usdt} USDT</dd>
              <dt>{t('admin.hotGas')}</dt>
              {/* Gas in ether units, to 6 decimals (cut, not rounded): enough to see it running low. */}
              <dd data-testid="chain-hot-gas" title={data.hot_wallet_gas}>
                {data.hot_wallet_gas.replace(/(\.\d{6})\d+$/, '$1')}
              </dd>
              <dt>{t('admin.payouts')}</dt>
              <dd data-testid="chain-payouts">{t('admin.payoutCounts', data.payouts)}</dd>
            </dl>
          ) : (
            <p className="deposit-row" data-testid="chain-no-hot-wallet">
              {t('admin.noHotWallet')}
            </p>
          )}
          <h2 className="section-title">{t('admin.attention')}</h2>
          {data.attention.length === 0 && <p className="deposit-row">{t('admin.noAttention')}</p>}
          {data.attention.map((a) => (
            <div className="deposit-row" key={a.id}>
              <div className="top">
                <strong>
                  {a.userid} · <Money value={a.amount} asset="USDT" />
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
