import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText, pagingFields } from '../call.ts';
import { pagedSchema } from '../envelope.ts';

/**
 * USDT deposits from a chain (issue 10). Amounts are decimal strings in USDT; a network is the chain's key
 * (e.g. `ERC20`), the same in every call.
 */
const money = z.string();

/** `detected`: seen on chain, waiting for its confirmations. */
export const DEPOSIT_STATES = ['detected', 'credited', 'dropped', 'below_minimum'] as const;

export const networkSchema = z.object({
  network: z.string(),
  /** The chain's name as members know it (e.g. "Ethereum", "Local test chain"). */
  name: z.string(),
  chain_id: z.number(),
  asset: z.string(),
  /** Deposits below this are not credited. */
  min: money,
  confirmations: z.number(),
  /** The local test chain: test USDT has no value, and the member may ask for some. */
  test: z.boolean(),
});

export const depositMenu = defineCall({
  name: 'Asset/depositmenu',
  method: 'POST',
  auth: 'member',
  tag: 'chain',
  summary: 'The networks USDT can be deposited from, with their minimum and confirmations',
  request: empty,
  response: z.object({ list: z.array(networkSchema) }),
});

export const symbolActionToken = defineCall({
  name: 'Asset/getSymbolActionToken',
  method: 'POST',
  auth: 'member',
  tag: 'chain',
  summary: "A coin's token on each network for an action (deposit or withdraw): its contract and decimals",
  request: z.object({ symbol: optionalText(10), action: oneOf(['deposit', 'withdraw'] as const) }),
  response: z.object({
    symbol: z.string(),
    action: z.string(),
    list: z.array(
      z.object({
        network: z.string(),
        name: z.string(),
        contract: z.string(),
        decimals: z.number(),
        explorer: z.string(),
      }),
    ),
  }),
});

export const depositAddress = defineCall({
  name: 'asset/deposit',
  method: 'POST',
  auth: 'member',
  tag: 'chain',
  summary:
    "The member's own deposit address on a network, with its QR code, the minimum and the confirmations",
  request: z.object({ network: optionalText(20) }),
  response: networkSchema.extend({
    address: z.string(),
    /** DESIGN.md's names of `confirmations` and `min`. */
    confirmations_required: z.number(),
    min_amount: money,
    /** A PNG data URL of the address's QR code. */
    qr: z.string(),
    /** The address on the chain's explorer, '' without one. */
    explorer_url: z.string(),
  }),
});

export const depositRecord = defineCall({
  name: 'Asset/depositrecord',
  method: 'POST',
  auth: 'member',
  tag: 'chain',
  summary: "The member's deposits, newest first: confirmations while pending, then credited (or why not)",
  request: z.object({ ...pagingFields }),
  response: pagedSchema(
    z.object({
      id: z.string(),
      network: z.string(),
      tx_hash: z.string(),
      log_index: z.number(),
      amount: money,
      state: z.enum(DEPOSIT_STATES),
      confirmations: z.number(),
      required: z.number(),
      explorer_url: z.string(),
      detected_at: z.string(),
      /** The same as detected_at (DESIGN.md's name). */
      created_at: z.string(),
      credited_at: z.string(),
    }),
  ),
});

export const testDeposit = defineCall({
  name: 'Asset/testdeposit',
  method: 'POST',
  auth: 'member',
  tag: 'chain',
  summary:
    'On the local test chain only: sends 100 test USDT to the member’s deposit address, to watch a deposit confirm',
  request: empty,
  response: z.object({ tx_hash: z.string(), amount: money }),
});

export const adminChainInfo = defineCall({
  name: 'Admin/chaininfo',
  method: 'POST',
  auth: 'admin',
  tag: 'chain',
  summary:
    "The chain: its head, the scanner's cursor and lag, members' deposit wallets beside what their addresses hold, and deposits needing attention",
  request: empty,
  response: z.object({
    network: z.string(),
    name: z.string(),
    chain_id: z.number(),
    /** The node's URL without its path or query (they may hold an API key). */
    rpc_url: z.string(),
    token: z.string(),
    token_address: z.string(),
    token_decimals: z.number(),
    confirmations: z.number(),
    /** The local test chain. */
    demo: z.boolean(),
    /** '' when no hot wallet is configured: approved withdrawals are then paid by hand. */
    hot_wallet_address: z.string(),
    hot_wallet_usdt: money,
    /** The chain's native coin (gas), in ether units. */
    hot_wallet_gas: z.string(),
    /** Payouts by state (not yet confirmed or failed). */
    payouts: z.object({ queued: z.number(), broadcast: z.number(), failed: z.number() }),
    head: z.number(),
    cursor: z.number(),
    lag: z.number(),
    pending: z.number(),
    /** USDT credited from the chain to members so far. */
    credited: money,
    /** What members hold in their deposit wallets (the ledger). */
    deposit_wallets: money,
    /** What the members' deposit addresses hold on chain now (not yet swept). */
    on_addresses: money,
    attention: z.array(
      z.object({
        id: z.string(),
        userid: z.string(),
        tx_hash: z.string(),
        amount: money,
        state: z.enum(DEPOSIT_STATES),
        detected_at: z.string(),
      }),
    ),
  }),
});
