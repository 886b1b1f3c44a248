import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText, secret, text } from '../call.ts';
import { ASSET_CODES, WALLET_KINDS } from '../constants.ts';

const money = z.string();
/** A client-made key: the same key and body give the first result again; another body is a 409. */
export const idempotencyKey = () => text(100);
export const amountField = () => text(40);

const operationResult = z.object({
  id: z.string(),
  amount: money,
  fee: money,
  asset: z.string(),
  created_at: z.string(),
});

export const checkTransferUser = defineCall({
  name: 'asset/checktransferuser',
  method: 'POST',
  auth: 'member',
  tag: 'transfer',
  summary: 'Can this member receive a transfer? Returns the userid and a masked name',
  request: z.object({ to_userid: text(64) }),
  response: z.object({ userid: z.string(), name: z.string() }),
});

export const transferMenu = defineCall({
  name: 'asset/transfer',
  method: 'POST',
  auth: 'member',
  tag: 'transfer',
  summary: 'Transfer rules: wallets allowed, fee, minimum, and the available balance of each wallet',
  request: empty,
  response: z.object({
    wallets: z.array(
      z.object({ wallet: z.string(), to_wallet: z.string(), asset: z.string(), available: money }),
    ),
    fee_percent: z.string(),
    min_amount: money,
    max_amount: money,
  }),
});

export const transferSave = defineCall({
  name: 'asset/transfersave',
  method: 'POST',
  auth: 'member',
  tag: 'transfer',
  summary: 'Sends money from one of the member’s wallets to another member',
  request: z.object({
    to_userid: text(64),
    amount: amountField(),
    wallet: oneOf(WALLET_KINDS as [string, ...string[]]),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
  }),
  response: operationResult.extend({ to_userid: z.string(), wallet: z.string(), balance_after: money }),
});

export const exchangePairSchema = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  spread_percent: z.string(),
  min_amount: money,
  available: money,
});

export const exchangeMenu = defineCall({
  name: 'Asset/exchangemenu',
  method: 'POST',
  auth: 'member',
  tag: 'exchange',
  summary:
    'The exchange pairs, each with the rate the member gets (spread included) and the available balance',
  request: empty,
  response: z.object({ list: z.array(exchangePairSchema), wallet: z.string() }),
});

export const exchangeQuote = defineCall({
  name: 'Asset/exchange_usdt',
  method: 'POST',
  auth: 'member',
  tag: 'exchange',
  summary: 'Quotes an exchange: what the member receives for an amount (rounded down)',
  request: z.object({
    from: oneOf(ASSET_CODES as [string, ...string[]]),
    to: oneOf(ASSET_CODES as [string, ...string[]]),
    amount: amountField(),
  }),
  response: z.object({ from: z.string(), to: z.string(), amount: money, receive: money, rate: z.string() }),
});

export const exchangeSave = defineCall({
  name: 'Asset/exchangesave_usdt',
  method: 'POST',
  auth: 'member',
  tag: 'exchange',
  summary: 'Exchanges between USDT and the platform token in the funds wallet at the quoted rate',
  request: z.object({
    from: oneOf(ASSET_CODES as [string, ...string[]]),
    to: oneOf(ASSET_CODES as [string, ...string[]]),
    amount: amountField(),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
  }),
  response: operationResult.extend({ to: z.string(), receive: money }),
});

export const airdropMenu = defineCall({
  name: 'Asset/airdrop',
  method: 'POST',
  auth: 'member',
  tag: 'airdrop',
  summary: 'Airdrop rules: the token, minimum and the member’s available token balance',
  request: empty,
  response: z.object({ asset: z.string(), wallet: z.string(), min_amount: money, available: money }),
});

export const checkAirdropUser = defineCall({
  name: 'Asset/checkairdropuser',
  method: 'POST',
  auth: 'member',
  tag: 'airdrop',
  summary: 'Can this member receive an airdrop? Returns the userid and a masked name',
  request: z.object({ to_userid: text(64) }),
  response: z.object({ userid: z.string(), name: z.string() }),
});

export const airdropSave = defineCall({
  name: 'Asset/airdropsave',
  method: 'POST',
  auth: 'member',
  tag: 'airdrop',
  summary: 'Sends platform tokens to another member',
  request: z.object({
    to_userid: text(64),
    amount: amountField(),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
    note: optionalText(100),
  }),
  response: operationResult.extend({ to_userid: z.string(), balance_after: money }),
});

/** The member's own wallets money may move between (USDT, no fee): the funds wallet and the trading wallet. */
export const OWN_WALLET_MOVES = ['funds', 'trading'] as const;
/**
 * Where a move may start: those two, or the deposit wallet (where the chain's deposits land). The deposit wallet is
 * never a destination: what it holds came from the chain, so a member can always tell deposits from the rest.
 */
export const WALLET_MOVE_SOURCES = ['deposit', ...OWN_WALLET_MOVES] as const;

export const walletMove = defineCall({
  name: 'Asset/walletmove',
  method: 'POST',
  auth: 'member',
  tag: 'transfer',
  summary:
    "Moves USDT between the member's own funds and trading wallets, or from the deposit wallet to either (no fee); one ledger operation",
  request: z.object({
    from: oneOf(WALLET_MOVE_SOURCES),
    to: oneOf(OWN_WALLET_MOVES),
    amount: amountField(),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
  }),
  response: operationResult.extend({ from: z.string(), to: z.string(), balance_after: money }),
});
