import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { compareAmounts } from '../../../lib/money.ts';
import { balancesQuery } from '../api.ts';
import { WALLET_PATHS } from '../paths.ts';

/**
 * Which wallet a transfer, withdrawal or exchange uses and why (deposits land elsewhere), and, while the deposit
 * wallet holds USDT, how much with a way to move it to the funds wallet. Texts: the `chain` namespace (its route
 * loads it), which keeps them out of the first load.
 */
export function WalletSourceNote({ action }: { action: 'transfer' | 'withdraw' | 'exchange' }) {
  const { t } = useTranslation('chain');
  const balances = useQuery(balancesQuery).data;
  const inDeposit =
    balances?.wallets.find((w) => w.wallet === 'deposit' && w.asset === 'USDT')?.available ?? '0';
  return (
    <p className="field-hint page-section" data-testid={`${action}-source-note`}>
      {t(`flow.note.${action}`)}
      {compareAmounts(inDeposit, '0', 6) > 0 ? (
        <>
          {' '}
          {t('flow.inDeposit')} <Money value={inDeposit} asset="USDT" testId={`${action}-source-deposit`} />
          {' · '}
          <Link to={WALLET_PATHS.move} data-testid={`${action}-source-move`}>
            {t('flow.move')}
          </Link>
        </>
      ) : null}
    </p>
  );
}
