import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { adminChainQuery, chainName } from '../api.ts';
import '../chain.css';
import { CutFigure, Money } from '../../../components/Money.tsx';
import { formatMoney } from '../../../lib/money.ts';

/** The hot wallet's gas comes in ether units, with up to the native coin's 18 decimals. */
const GAS_DECIMALS = 18;

/** Gas in ether units to 4 decimals, cut down (enough to see it running low); a tap shows every digit. */
function Gas({ value }: { value: string }) {
  const full = formatMoney(value, { decimals: GAS_DECIMALS });
  const shown = formatMoney(value, { decimals: GAS_DECIMALS, maxDecimals: 4 });
  return shown === full ? shown : <CutFigure className="money" value={value} shown={shown} full={full} />;
}

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
            <dd data-testid="chain-credited">
              <Money value={data.credited} asset="USDT" />
            </dd>
            <dt>{t('admin.depositWallets')}</dt>
            <dd data-testid="chain-wallets">
              <Money value={data.deposit_wallets} asset="USDT" />
            </dd>
            <dt>{t('admin.onAddresses')}</dt>
            <dd data-testid="chain-held">
              <Money value={data.on_addresses} asset="USDT" />
            </dd>
          </dl>
          <h2 className="section-title">{t('admin.hotWallet')}</h2>
          {data.hot_wallet_address ? (
            <dl className="chain-grid" data-testid="chain-hot-wallet">
              <dt>{t('admin.hotWallet')}</dt>
              <dd className="deposit-tx">{data.hot_wallet_address}</dd>
              <dt>{t('admin.hotUsdt')}</dt>
              <dd data-testid="chain-hot-usdt">
                <Money value={data.hot_wallet_usdt} asset="USDT" />
              </dd>
              <dt>{t('admin.hotGas')}</dt>
              <dd data-testid="chain-hot-gas">
                <Gas value={data.hot_wallet_gas} />
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
