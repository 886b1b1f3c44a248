import { WALLETS } from '@mp/contract/web';
import type { WalletKind } from '@mp/contract';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';

export type Balance = { wallet: string; asset: string; balance: string; available: string; pending: string };

type Props = { wallet: WalletKind; balances: Balance[]; onOpen: () => void };

/** One wallet: balance, available and pending per asset it holds (zero where it has no account yet). */
export function WalletCard({ wallet, balances, onOpen }: Props) {
  const { t } = useTranslation('wallet');
  const rows = WALLETS[wallet].map(
    (asset) =>
      balances.find((b) => b.wallet === wallet && b.asset === asset) ?? {
        wallet,
        asset,
        balance: '0',
        available: '0',
        pending: '0',
      },
  );
  return (
    <button type="button" className="wallet-card" onClick={onOpen} data-testid={`wallet-card-${wallet}`}>
      <h2>{t(`common:wallets.${wallet}`)}</h2>
      {rows.map((r) => {
        const id = `wallet-${wallet}-${r.asset}`;
        return (
          <dl key={r.asset} className="wallet-card-row" data-testid={id}>
            <div>
              <dt>{t('common:money.balance')}</dt>
              <dd>
                <Money value={r.balance} asset={r.asset} testId={`${id}-balance`} />
              </dd>
            </div>
            <div>
              <dt>{t('common:money.available')}</dt>
              <dd>
                <Money value={r.available} asset={r.asset} testId={`${id}-available`} />
              </dd>
            </div>
            <div>
              <dt>{t('common:money.pending')}</dt>
              <dd>
                <Money value={r.pending} asset={r.asset} testId={`${id}-pending`} />
              </dd>
            </div>
          </dl>
        );
      })}
    </button>
  );
}
