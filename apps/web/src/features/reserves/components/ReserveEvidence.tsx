import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { minorToDecimal } from '../amounts.ts';
import type { Snapshot } from '../types.ts';
import { Hash, shortHash } from './Hash.tsx';

/** A ratio in basis points as a percent in the member's number format ('10250' -> '102.50 %'). */
export function RatioText({ bp }: { bp: number | null }) {
  const { t } = useTranslation('reserves');
  if (bp === null) return <>{t('ratio.noLiabilities')}</>;
  return <>{t('ratio.percent', { percent: formatMoney(BigInt(bp), { decimals: 2, minDecimals: 2 }) })}</>;
}

/** A hash or address linked to the explorer when the platform names one (full value in the title), else a Hash. */
function HashLink({ value, url, testId }: { value: string; url: string | undefined; testId: string }) {
  if (!url) return <Hash value={value} testId={testId} />;
  return (
    <a href={url} target="_blank" rel="noreferrer" title={value} data-value={value} data-testid={testId}>
      {shortHash(value)}
    </a>
  );
}

/**
 * What the platform holds against what it owes at the snapshot's block: the ratio, the chain's balances that make the
 * reserves (hot wallet, deposit addresses), the anchor, and the points owed that are not USDT (not in the tree).
 */
export function ReserveEvidence({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation('reserves');
  const { reserves, explorer } = snapshot;
  const usdt = (minor: string, testId?: string) => (
    <Money value={minorToDecimal(minor)} asset="USDT" testId={testId} />
  );
  return (
    <List header={t('evidence.title', { block: snapshot.block })} data-testid="reserves-evidence">
      <List.Item
        extra={
          <strong data-testid="reserves-ratio">
            <RatioText bp={snapshot.ratio_bp} />
          </strong>
        }
      >
        {t('evidence.ratio')}
      </List.Item>
      <List.Item extra={usdt(reserves.total, 'reserves-total')}>{t('evidence.reserves')}</List.Item>
      <List.Item extra={usdt(snapshot.total, 'reserves-liabilities')}>{t('evidence.liabilities')}</List.Item>
      <List.Item
        description={
          reserves.hot_wallet.address ? (
            <HashLink
              value={reserves.hot_wallet.address}
              url={explorer?.address_url}
              testId="reserves-hot-wallet"
            />
          ) : (
            t('evidence.noHotWallet')
          )
        }
        extra={usdt(reserves.hot_wallet.balance, 'reserves-hot-balance')}
      >
        {t('evidence.hotWallet')}
      </List.Item>
      <List.Item
        description={
          reserves.deposit_addresses.xpub && (
            <span>
              {t('evidence.xpub')} <Hash value={reserves.deposit_addresses.xpub} />
            </span>
          )
        }
        extra={usdt(reserves.deposit_addresses.balance, 'reserves-deposit-balance')}
      >
        {t('evidence.depositAddresses', { count: reserves.deposit_addresses.count })}
      </List.Item>
      <List.Item
        extra={
          snapshot.anchor_tx ? (
            <HashLink value={snapshot.anchor_tx} url={explorer?.tx_url} testId="reserves-anchor-tx" />
          ) : (
            t('evidence.notAnchored')
          )
        }
      >
        {t('evidence.anchor')}
      </List.Item>
      <List.Item
        description={t('evidence.pointsApart')}
        extra={
          <span data-testid="reserves-points">
            <Money value={minorToDecimal(snapshot.points.RP, 'RP')} asset="RP" /> ·{' '}
            <Money value={minorToDecimal(snapshot.points.DP, 'DP')} asset="DP" />
          </span>
        }
      >
        {t('evidence.points')}
      </List.Item>
    </List>
  );
}
