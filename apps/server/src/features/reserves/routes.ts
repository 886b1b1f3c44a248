import { adminReserves, adminReservesNow, reservesChain, reservesList, reservesProof } from '@mp/contract';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { memberProof } from './proof.ts';
import { allSnapshots, askSnapshotNow, chainForBrowsers, publishedSnapshots } from './snapshots.ts';

/** Proof of reserves (issue 31): members' snapshots and proofs, the chain browsers read, the admins' snapshots. */
export function reservesRoutes(m: MoneyDeps): CallRoute[] {
  const d = { db: m.db, chain: m.config.chain };
  return [
    handle(reservesList, () => publishedSnapshots(d)),
    handle(reservesProof, (input, ctx) => memberProof(d.db, input.snapshot_id, ctx.member.id)),
    handle(reservesChain, async () => chainForBrowsers(d)),
    handle(adminReserves, () => allSnapshots(d)),
    handle(adminReservesNow, async (input, ctx) => {
      await m.totp.require(ctx.member.id, input.totp);
      return reply(
        await askSnapshotNow(d, ctx.member.id, input.idempotency_key),
        'reserves_snapshot_started',
      );
    }),
  ];
}
