import type { adminReserveSnapshotSchema, reserveSnapshotSchema } from '@mp/contract';
import type { z } from 'zod';
import type { ChainConfig } from '../../config.ts';
import type { SnapshotRow } from './queries.ts';

type SnapshotView = z.output<typeof reserveSnapshotSchema>;
type AdminSnapshotView = z.output<typeof adminReserveSnapshotSchema>;

const hex = (b: Buffer | null) => (b ? `0x${b.toString('hex')}` : null);

/** reserves * 10000 / liabilities, rounded down; null when nothing is owed. */
function ratioBp(reserves: bigint, liabilities: bigint): number | null {
  return liabilities === 0n ? null : Number((reserves * 10_000n) / liabilities);
}

/** The explorer's pages of the anchor and the hot wallet, when the chain has an explorer and the snapshot a chain. */
function explorerOf(s: SnapshotRow, chain: ChainConfig | undefined): SnapshotView['explorer'] {
  if (!chain?.explorer || s.chain_id !== chain.chainId) return null;
  const base = chain.explorer.replace(/\/$/, '');
  return {
    tx_url: s.anchor_tx ? `${base}/tx/${s.anchor_tx}` : '',
    address_url: s.hot_wallet ? `${base}/address/${s.hot_wallet}` : '',
  };
}

/** A snapshot's figures, shared by the members' and the admins' views (figures not there yet read as 0 or null). */
function figures(s: SnapshotRow, chain: ChainConfig | undefined) {
  const reserves = BigInt(s.reserves_total ?? 0);
  return {
    id: s.id,
    taken_at: (s.taken_at ?? s.requested_at).toISOString(),
    columns: s.columns,
    anchor_tx: s.anchor_tx,
    anchor_block: s.anchor_block,
    reserves: {
      total: reserves.toString(),
      hot_wallet: {
        address: s.hot_wallet,
        balance: s.hot_wallet_balance ?? '0',
        signature: s.signature,
      },
      deposit_addresses: {
        xpub: s.deposit_xpub,
        count: s.deposit_count ?? 0,
        balance: s.deposit_balance ?? '0',
      },
    },
    ratio_bp: s.total === null ? null : ratioBp(reserves, BigInt(s.total)),
    points: { RP: s.points_rp ?? '0', DP: s.points_dp ?? '0' },
    explorer: explorerOf(s, chain),
  };
}

/** A published snapshot as members see it. */
export function snapshotView(s: SnapshotRow, chain: ChainConfig | undefined): SnapshotView {
  return {
    ...figures(s, chain),
    chain_id: s.chain_id ?? 0,
    block: s.block ?? '0',
    root: { hash: hex(s.root_hash) ?? '', sums: s.root_sums ?? [] },
    total: s.total ?? '0',
  };
}

/** Any snapshot as admins see it: its state, why it was refused, how long it took. */
export function adminSnapshotView(s: SnapshotRow, chain: ChainConfig | undefined): AdminSnapshotView {
  return {
    ...figures(s, chain),
    state: s.state,
    chain_id: s.chain_id,
    block: s.block,
    root: s.root_hash ? { hash: hex(s.root_hash) ?? '', sums: s.root_sums ?? [] } : null,
    total: s.total,
    problem: s.problem,
    duration_ms: s.duration_ms,
    leaves: s.leaves,
    started_by: s.started_by_userid ?? '',
  };
}
