import { z } from 'zod';
import { defineCall, empty, numericId, optionalText } from '../call.ts';
import { idempotencyKey } from './transfer.ts';

/**
 * Proof of reserves (issue 31): snapshots of what the platform owes its members (a Merkle sum tree, format
 * mp-por-v1, packages/contract/src/reserves) beside what it holds on chain at the same block. Unlike the rest of
 * the API, every amount here is a decimal string of MINOR units (USDT: 6 decimals, RP and DP: 2), as the tree and the
 * proof commit to them: a figure can be compared with a proof's sums byte for byte.
 */
const minor = z.string();
const hex = z.string();

const rootSchema = z.object({ hash: hex, sums: z.array(minor) });

/** The USDT the platform controls on chain at the snapshot's block, read from the chain (0 without one). */
const reservesSchema = z.object({
  total: minor,
  /** The hot wallet's USDT and its EIP-191 signature of reserveMessage(snapshot); null without a chain or key. */
  hot_wallet: z.object({ address: z.string().nullable(), balance: minor, signature: hex.nullable() }),
  /** Every member's deposit address (children of the published xpub) that holds USDT, summed. */
  deposit_addresses: z.object({ xpub: z.string().nullable(), count: z.number(), balance: minor }),
});

const explorerSchema = z.object({ tx_url: z.string(), address_url: z.string() }).nullable();

/** A published snapshot as members see it. `chain_id` 0 and `block` "0": the platform follows no chain. */
export const reserveSnapshotSchema = z.object({
  id: z.string(),
  chain_id: z.number(),
  block: z.string(),
  taken_at: z.string(),
  /** The tree's liability columns, in leaf order (e.g. deposit, trading, reward, funds, withdrawals_held, ...). */
  columns: z.array(z.string()),
  root: rootSchema,
  /** The sum of the root's sums: every member's USDT liabilities. */
  total: minor,
  /** The anchor transaction (hot wallet to itself, data anchorData(snapshot)); null until it is mined or without a chain. */
  anchor_tx: hex.nullable(),
  anchor_block: z.string().nullable(),
  reserves: reservesSchema,
  /** reserves * 10000 / liabilities, rounded down; null when nothing is owed. */
  ratio_bp: z.number().nullable(),
  /** Points owed (not redeemable for USDT, not in the tree), in their minor units (2 decimals). */
  points: z.object({ RP: minor, DP: minor }),
  explorer: explorerSchema,
});

export const reservesList = defineCall({
  name: 'Reserves/list',
  method: 'POST',
  auth: 'member',
  tag: 'reserves',
  summary: 'The latest published proof-of-reserves snapshots (at most 10), newest first',
  request: empty,
  response: z.object({ list: z.array(reserveSnapshotSchema) }),
});

const nodeSchema = z.object({ hash: hex, sums: z.array(minor) });

/** The proof JSON of format mp-por-v1 (DECISIONS: the tree format); `path[i]` is the sibling at level i. */
export const reserveProofSchema = z.object({
  format: z.literal('mp-por-v1'),
  snapshot: z.object({
    id: z.string(),
    chain_id: z.number(),
    block: z.string(),
    taken_at: z.string(),
    columns: z.array(z.string()),
    root: nodeSchema,
    anchor_tx: hex.nullable(),
  }),
  leaf: z.object({ member_id: z.string(), salt: hex, member_hash: hex, amounts: z.array(minor) }),
  path: z.array(nodeSchema.extend({ side: z.enum(['left', 'right']) })),
});

export const reservesProof = defineCall({
  name: 'Reserves/proof',
  method: 'POST',
  auth: 'member',
  tag: 'reserves',
  summary:
    "The caller's own inclusion proof in a published snapshot (every member has a leaf, zeros included)",
  request: z.object({ snapshot_id: numericId() }),
  response: reserveProofSchema,
});

export const reservesChain = defineCall({
  name: 'Reserves/chain',
  method: 'POST',
  auth: 'public',
  tag: 'reserves',
  summary:
    "Where a browser reads the anchors itself: the chain's public JSON-RPC URL and the hot wallet; nulls without a chain",
  request: empty,
  response: z.object({
    chain_id: z.number().nullable(),
    rpc_url: z.string().nullable(),
    hot_wallet: z.string().nullable(),
  }),
});

export const RESERVE_SNAPSHOT_STATES = ['building', 'published', 'refused'] as const;

/** A snapshot as admins see it: any state; the figures of one still building or refused may be null. */
export const adminReserveSnapshotSchema = reserveSnapshotSchema.extend({
  state: z.enum(RESERVE_SNAPSHOT_STATES),
  chain_id: z.number().nullable(),
  block: z.string().nullable(),
  root: rootSchema.nullable(),
  total: minor.nullable(),
  /** Why a snapshot was refused (a negative balance, the ledger's figures differ...); '' otherwise. */
  problem: z.string(),
  duration_ms: z.number().nullable(),
  leaves: z.number(),
  /** The admin who asked for it ('' for the daily job). */
  started_by: z.string(),
});

export const adminReserves = defineCall({
  name: 'Admin/reserves',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Every proof-of-reserves snapshot (newest first, at most 50) with its state, figures, anchor and any refusal',
  request: empty,
  response: z.object({ list: z.array(adminReserveSnapshotSchema) }),
});

export const adminReservesNow = defineCall({
  name: 'Admin/reservesnow',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Starts a proof-of-reserves snapshot now; one at a time (a second request answers the one building); audited',
  request: z.object({
    idempotency_key: idempotencyKey(),
    /** Step-up: a fresh authenticator code when the admin's two-factor is on. */
    totp: optionalText(8),
  }),
  response: z.object({ id: z.string(), state: z.enum(RESERVE_SNAPSHOT_STATES) }),
});
