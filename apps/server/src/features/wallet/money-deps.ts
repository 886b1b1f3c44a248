import type { Deps } from '../../platform/deps.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { Totp } from '../security/totp.ts';
import type { TxPasswordGuard } from '../security/tx-password.ts';

/** What the money features share: the app's deps, the ledger, and the transaction-password and 2FA checks. */
export type MoneyDeps = Deps & { ledger: Ledger; txPassword: TxPasswordGuard; totp: Totp };
