import type { AssetCode, WalletKind } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import { type Ledger, memberAccount, platformAccount } from '../../ledger/index.ts';

/** Demo balances so that the wallet screens have something to show: credited through the ledger, like any money. */
const BALANCES: { userid: string; wallet: WalletKind; asset: AssetCode; amount: bigint }[] = [
  { userid: 'alice', wallet: 'funds', asset: 'USDT', amount: 1_000_000_000n },
  { userid: 'alice', wallet: 'funds', asset: 'XT', amount: 500_000_000n },
  { userid: 'alice', wallet: 'reward', asset: 'USDT', amount: 125_500_000n },
  { userid: 'alice', wallet: 'registration_points', asset: 'RP', amount: 20_000n },
  { userid: 'bob', wallet: 'funds', asset: 'USDT', amount: 500_000_000n },
  { userid: 'bob', wallet: 'deposit', asset: 'USDT', amount: 80_000_000n },
  { userid: 'carol', wallet: 'funds', asset: 'USDT', amount: 250_000_000n },
];

/** Posts through the ledger it is given (the process's one, from main.ts), not a ledger of its own. */
export async function loadDemoBalances(db: Db, ledger: Ledger): Promise<void> {
  const members = await db
    .selectFrom('members')
    .select(['id', 'userid'])
    .where('userid', 'in', [...new Set(BALANCES.map((b) => b.userid))])
    .execute();
  const idOf = new Map(members.map((m) => [m.userid, m.id]));
  await ledger.operation(
    { key: 'demo:opening-balances', kind: 'adjustment', memberId: null, request: {} },
    async (op) => {
      await op.post(
        BALANCES.filter((b) => idOf.has(b.userid)).map((b) => ({
          debit: platformAccount('adjustments', b.asset),
          credit: memberAccount(idOf.get(b.userid)!, b.wallet, b.asset),
          amount: b.amount,
          kind: 'adjustment',
          reference: 'Demo opening balance',
          details: { from: 'platform', reason: 'demo' },
        })),
      );
      return { ok: true };
    },
  );
}
