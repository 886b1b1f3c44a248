import { PULL_THRESHOLD_PX, WALLET_KINDS } from '@mp/contract/web';
import { useQuery } from '@tanstack/react-query';
import { Grid, PullToRefresh } from 'antd-mobile';
import {
  CollectMoneyOutline,
  GiftOutline,
  PayCircleOutline,
  ReceivePaymentOutline,
  RedoOutline,
  SendOutline,
  StarOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { balancesQuery, overviewQuery } from '../api.ts';
import { WalletCard } from '../components/WalletCard.tsx';
import { historyPath, RESERVES_PATH, WALLET_PATHS } from '../paths.ts';

/** The quick actions; `text` is a key of the wallet texts, or of the `chain` texts (the route loads them). */
const ACTIONS: { key: string; path: string; icon: ReactNode; text: string }[] = [
  { key: 'deposit', path: WALLET_PATHS.deposit, icon: <ReceivePaymentOutline />, text: 'chain:flow.deposit' },
  { key: 'withdraw', path: WALLET_PATHS.withdraw, icon: <PayCircleOutline />, text: 'actions.withdraw' },
  { key: 'transfer', path: WALLET_PATHS.transfer, icon: <SendOutline />, text: 'actions.transfer' },
  { key: 'exchange', path: WALLET_PATHS.exchange, icon: <CollectMoneyOutline />, text: 'actions.exchange' },
  // Deposits land in the deposit wallet; withdrawals, transfers and exchanges take the funds wallet's money.
  { key: 'move', path: WALLET_PATHS.move, icon: <RedoOutline />, text: 'chain:flow.move' },
  { key: 'airdrop', path: WALLET_PATHS.airdrop, icon: <GiftOutline />, text: 'actions.airdrop' },
  { key: 'history', path: WALLET_PATHS.history, icon: <UnorderedListOutline />, text: 'actions.history' },
  { key: 'bonus', path: WALLET_PATHS.bonus, icon: <StarOutline />, text: 'actions.bonus' },
];

/**
 * The wallet tab: total in USDT, quick actions, and a card per wallet; pull down to refresh. The answers are rendered
 * a render behind (useDeferredValue): in a transition, in short pieces, not in one task when they come.
 */
export default function WalletPage() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const overview = useQuery(overviewQuery);
  const balances = useQuery(balancesQuery);
  const refresh = async () => {
    await Promise.all([overview.refetch(), balances.refetch()]);
  };
  const failed = overview.isError || balances.isError;
  const total = useDeferredValue(overview.data)?.total_usdt;
  const wallets = useDeferredValue(balances.data)?.wallets;
  const list = wallets ?? [];
  const isEmpty = wallets !== undefined && list.every((b) => /^0(\.0*)?$/.test(b.balance));

  return (
    <PageLayout title={t('routes:/pages/Wallet/Wallet')} back={false} testId="wallet-page">
      <PullToRefresh threshold={PULL_THRESHOLD_PX} onRefresh={refresh}>
        <section className="wallet-total" data-testid="wallet-total">
          <span>{t('total')}</span>
          {total !== undefined ? (
            <strong>
              <Money value={total} asset="USDT" testId="wallet-total-usdt" />
            </strong>
          ) : (
            <strong data-testid="wallet-total-loading">…</strong>
          )}
        </section>
        <Grid columns={4} gap={4} className="home-grid wallet-actions" data-testid="wallet-actions">
          {ACTIONS.map((a) => (
            <Grid.Item key={a.key}>
              <button type="button" onClick={() => navigate(a.path)} data-testid={`wallet-action-${a.key}`}>
                <span className="grid-icon" aria-hidden="true">
                  {a.icon}
                </span>
                <div>{t(a.text)}</div>
              </button>
            </Grid.Item>
          ))}
        </Grid>
        {failed ? (
          <LoadFailed onRetry={() => void refresh()} testId="wallet-error" />
        ) : wallets === undefined ? (
          <LoadingBlock lines={6} testId="wallet-loading" />
        ) : (
          <div className="wallet-cards" data-testid="wallet-cards">
            {isEmpty ? (
              <p className="field-hint page-section" data-testid="wallet-empty">
                {t('empty')} <Link to="/pages/Wallet/menuTOPUP">{t('deposit')}</Link>
              </p>
            ) : null}
            {WALLET_KINDS.map((w) => (
              <WalletCard
                key={w}
                wallet={w}
                balances={list}
                onOpen={() => navigate(historyPath({ wallet: w }))}
              />
            ))}
          </div>
        )}
        <p className="field-hint page-section">
          <Link to={RESERVES_PATH} data-testid="wallet-reserves">
            {t('reserves')}
          </Link>
        </p>
      </PullToRefresh>
    </PageLayout>
  );
}
