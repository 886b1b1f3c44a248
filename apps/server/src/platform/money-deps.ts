import type { Deps } from './deps.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Totp, TxPasswordGuard } from './factors.ts';

/** What the money features share: the app's deps, the ledger, and the transaction-password and 2FA checks. */
export type MoneyDeps = Deps & { ledger: Ledger; txPassword: TxPasswordGuard; totp: Totp };
