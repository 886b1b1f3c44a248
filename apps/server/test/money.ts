import { expect } from 'vitest';
import { ensureAdmin } from '../src/features/system/bootstrap.ts';
import { checkLedger } from '../src/ledger/index.ts';
import type { TestApp } from './app.ts';
import { logInAs } from './helpers.ts';

let adminCounter = 0;

/** Makes an admin and returns its token. */
export async function adminToken(t: TestApp): Promise<string> {
  adminCounter += 1;
  const userid = `admin${adminCounter}x${Date.now().toString(36).slice(-4)}`;
  await ensureAdmin(t.db, userid, 'admin-pass-1');
  return logInAs(t, userid, 'admin-pass-1');
}

const secondAdmins = new WeakMap<TestApp, Promise<string>>();

/**
 * Credits a member's wallet through Admin/adjustbalance (the way money enters until deposits exist). Above the
 * two-person threshold the adjustment waits for a second admin: one made once per test app approves it.
 */
export async function fund(
  t: TestApp,
  admin: string,
  userid: string,
  amount: string,
  wallet = 'funds',
  asset = 'USDT',
) {
  const data = await t.ok<{ id: string; state: string }>(
    'Admin/adjustbalance',
    { userid, wallet, asset, amount, reason: 'test funding', idempotency_key: `fund-${Math.random()}` },
    { token: admin },
  );
  if (data.state !== 'pending') return data;
  if (!secondAdmins.has(t)) secondAdmins.set(t, adminToken(t));
  const second = (await secondAdmins.get(t)) as string;
  await t.ok('Admin/adjustapprove', { id: data.id }, { token: second });
  return { ...data, state: 'posted' };
}

export async function balanceOf(t: TestApp, token: string, wallet = 'funds', asset = 'USDT') {
  const data = await t.ok<{
    wallets: { wallet: string; asset: string; balance: string; available: string; pending: string }[];
  }>('Asset/getwalletbalance', {}, { token });
  const w = data.wallets.find((x) => x.wallet === wallet && x.asset === asset);
  if (!w) throw new Error(`no ${wallet} ${asset}`);
  return w;
}

/** Every money test ends here: the ledger's invariants hold. */
export async function expectLedgerHealthy(t: TestApp) {
  const health = await checkLedger(t.db);
  expect(health.problems).toEqual([]);
  expect(health.healthy).toBe(true);
}

let keyCounter = 0;
export function newKey(prefix = 'k'): string {
  keyCounter += 1;
  return `${prefix}-${Date.now()}-${keyCounter}-${Math.random().toString(36).slice(2, 8)}`;
}
