import { isDeepStrictEqual } from 'node:util';
import { type Admin, logIn, type Member } from './smoke-accounts.ts';
import { check, major, minor, ok, refused, type Say, type Server } from './smoke-api.ts';

/** The money of the smoke test: an admin's credit, a member's transfer and its retry, seen through both servers. */

type Wallet = { wallet: string; asset: string; balance: string; available: string; pending: string };

/** What member 1 sends member 2: the first wallet the transfer rules offer, its minimum (at least 1). */
export type Plan = { wallet: string; toWallet: string; asset: string; amount: bigint };

/** A member who sends, with the token of their session on server A and their balance before. */
export type Sender = { member: Member; token: string; balance: bigint };

async function walletsOf(server: Server, token: string): Promise<Wallet[]> {
  return (await ok<{ wallets: Wallet[] }>(server, 'Asset/getwalletbalance', {}, token)).wallets;
}

function balanceIn(wallets: Wallet[], wallet: string, asset: string): bigint {
  const row = wallets.find((w) => w.wallet === wallet && w.asset === asset);
  return row ? minor(row.balance, asset) : 0n;
}

/** How long a server may show balances it keeps in memory after a posting on the other (its change notice is on the way). */
const CONVERGE_MS = 2_000;

/** Both servers show a member the same wallets (one ledger), within the moment a change notice takes. */
async function sameOnBoth(servers: Server[], token: string, who: string): Promise<Wallet[]> {
  const until = Date.now() + CONVERGE_MS;
  for (;;) {
    const [viaA, viaB] = await Promise.all(servers.map((s) => walletsOf(s, token)));
    if (isDeepStrictEqual(viaA, viaB)) return viaA ?? [];
    if (Date.now() > until)
      throw new Error(
        `${who}'s wallets differ between the servers after ${CONVERGE_MS / 1000} s: A ${JSON.stringify(viaA)}, B ${JSON.stringify(viaB)}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

type TransferMenu = { wallets: { wallet: string; to_wallet: string; asset: string }[]; min_amount: string };

export async function transferPlan(server: Server, token: string): Promise<Plan> {
  const menu = await ok<TransferMenu>(server, 'asset/transfer', {}, token);
  const route = menu.wallets[0];
  check(
    route !== undefined,
    `asset/transfer on server A offers no wallet to send from: ${JSON.stringify(menu)}`,
  );
  const min = minor(menu.min_amount, route.asset);
  return {
    wallet: route.wallet,
    toWallet: route.to_wallet,
    asset: route.asset,
    amount: min > 0n ? min : minor('1', route.asset),
  };
}

type Adjusted = { id: string; state: 'posted' | 'pending' };

/**
 * The admin credits the member three times the transfer (the transfer, its fee, what is left) on server A, with a
 * fresh authenticator code; `approve` gets the adjustment when it waits for a second admin. Returns the balance.
 */
export async function fund(
  servers: [Server, Server],
  admin: Admin,
  to: { member: Member; token: string },
  plan: Plan,
  opts: { key: string; approve: (id: string) => Promise<void>; say: Say },
): Promise<bigint> {
  const { wallet, asset } = plan;
  const funding = plan.amount * 3n;
  const userid = to.member.userid;
  const adjusted = await ok<Adjusted>(
    servers[0],
    'Admin/adjustbalance',
    {
      userid,
      wallet,
      asset,
      amount: major(funding, asset),
      reason: 'smoke test: money for a transfer',
      idempotency_key: opts.key,
      totp: await admin.nextCode(),
    },
    admin.token,
  );
  if (adjusted.state === 'pending') await opts.approve(adjusted.id);
  const funded = balanceIn(await sameOnBoth(servers, to.token, userid), wallet, asset);
  check(
    funded === funding,
    `${userid}'s ${wallet} balance after funding: ${major(funded, asset)} ${asset}, expected ${major(funding, asset)}`,
  );
  opts.say(`the admin funded ${userid} with ${major(funding, asset)} ${asset} (${wallet}); A and B show it`);
  return funded;
}

/** The sender sends through A; both servers then show both members the same balances, the right ones. */
export async function transfer(
  servers: [Server, Server],
  from: Sender,
  to: Member,
  plan: Plan,
  key: string,
  say: Say,
) {
  const [a, b] = servers;
  const { wallet, asset, amount } = plan;
  const body = {
    to_userid: to.userid,
    amount: major(amount, asset),
    wallet,
    tx_password: from.member.txPassword,
    idempotency_key: key,
  };
  const sent = await ok<{ id: string; fee: string }>(a, 'asset/transfersave', body, from.token);
  const expected = from.balance - amount - minor(sent.fee, asset);
  // The receiver's session is made on B and read through A too: sessions are shared both ways.
  const toToken = await logIn(b, to.userid, to.password);
  const fromAfter = balanceIn(await sameOnBoth(servers, from.token, from.member.userid), wallet, asset);
  const toAfter = balanceIn(await sameOnBoth(servers, toToken, to.userid), plan.toWallet, asset);
  check(
    fromAfter === expected && toAfter === amount,
    `after the transfer: ${from.member.userid} has ${major(fromAfter, asset)}, ${to.userid} ${major(toAfter, asset)} ${asset}; expected ${major(expected, asset)} and ${major(amount, asset)}`,
  );
  say(
    `${from.member.userid} sent ${major(amount, asset)} ${asset} (fee ${sent.fee}) to ${to.userid} through A; B shows both balances as A does`,
  );
  return { body, id: sent.id, balance: fromAfter };
}

/** The same transfer again through B: the first answer, nothing posted; the same key with another body: 409. */
export async function repeatTransfer(
  servers: [Server, Server],
  from: Sender,
  first: { body: Record<string, string>; id: string },
  plan: Plan,
  say: Say,
) {
  const b = servers[1];
  const again = await ok<{ id: string }>(b, 'asset/transfersave', first.body, from.token);
  check(
    again.id === first.id,
    `the repeated transfer through B answered operation ${again.id}, not ${first.id}`,
  );
  const doubled = major(plan.amount * 2n, plan.asset);
  await refused(b, 'asset/transfersave', { ...first.body, amount: doubled }, 409, from.token);
  const now = balanceIn(await sameOnBoth(servers, from.token, from.member.userid), plan.wallet, plan.asset);
  check(
    now === from.balance,
    `after repeating the transfer ${from.member.userid} has ${major(now, plan.asset)}, not ${major(from.balance, plan.asset)}`,
  );
  say(
    'the same transfer again through B (same idempotency key) gave the first answer and posted nothing; another body with that key: 409',
  );
}
