import catalogue from './catalogue.json' with { type: 'json' };
import type { CallDef } from './call.ts';
import * as adminMoney from './calls/admin-money.ts';
import * as adminNetwork from './calls/admin-network.ts';
import * as adminSecurity from './calls/admin-security.ts';
import * as auth from './calls/auth.ts';
import * as content from './calls/content.ts';
import * as trading from './calls/trading.ts';
import * as shop from './calls/shop.ts';
import * as bots from './calls/bots.ts';
import * as chain from './calls/chain.ts';
import * as copy from './calls/copy.ts';
import * as security from './calls/security.ts';
import * as kyc from './calls/kyc.ts';
import * as member from './calls/member.ts';
import * as mining from './calls/mining.ts';
import * as network from './calls/network.ts';
import * as system from './calls/system.ts';
import * as transfer from './calls/transfer.ts';
import * as wallet from './calls/wallet.ts';
import * as withdraw from './calls/withdraw.ts';
import * as payouts from './calls/payouts.ts';
import * as reserves from './calls/reserves.ts';

/** Every call this contract declares. The server registers a handler for each. */
export const CALLS: CallDef[] = [
  system,
  auth,
  member,
  wallet,
  transfer,
  withdraw,
  payouts,
  adminMoney,
  kyc,
  mining,
  network,
  adminNetwork,
  content,
  trading,
  shop,
  bots,
  chain,
  copy,
  adminSecurity,
  security,
  reserves,
].flatMap((mod) =>
  Object.values(mod).filter(
    (v): v is CallDef =>
      typeof v === 'object' && v !== null && 'name' in v && 'method' in v && 'request' in v,
  ),
);

export { SPEC_ROUTES, THIRD_PARTY_DEMO_PATH } from './routes.ts';

export const SPEC_CALLS: { call: string; method: string; group: string }[] = catalogue.calls;

const declared = new Set(CALLS.map((c) => c.name.toLowerCase()));

/** Spec calls with no declaration yet: they answer 404 until an issue builds them. */
export const NOT_BUILT_CALLS: string[] = SPEC_CALLS.map((c) => c.call).filter(
  (name) => !declared.has(name.toLowerCase()),
);
