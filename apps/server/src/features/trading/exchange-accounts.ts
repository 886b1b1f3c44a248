import {
  EXCHANGE_IDS,
  PAPER_VENUES,
  type ParsedRequestOf,
  type ResponseOf,
  type tradingAccountDelete,
  type tradingAccountSave,
  type tradingAccounts,
} from '@mp/contract';
import { keyHint, sealKeys } from '../../adapters/exchange/keys.ts';
import { noteChanged } from '../../db/change-feed.ts';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import type { TradingContext } from './accounts.ts';
import { paperAccountName } from './markets.ts';
// The accounts' rows have one writer, in the exchange adapter.
import { deleteExchangeAccount, insertExchangeAccount } from '../../adapters/exchange/account-store.ts';
import { accountsOf } from './queries.ts';
import { cachedAccountsList } from './read-caches.ts';

/**
 * The member's paper accounts (every venue, made or not) and the exchange accounts they connected; from memory while
 * no account of the member changed (read-caches.ts).
 */
export function listTradingAccounts(
  d: TradingContext,
  memberId: string,
): Promise<ResponseOf<typeof tradingAccounts>> {
  return cachedAccountsList(d.db, memberId, () => readTradingAccounts(d, memberId));
}

async function readTradingAccounts(
  d: TradingContext,
  memberId: string,
): Promise<ResponseOf<typeof tradingAccounts>> {
  const rows = await accountsOf(d.db, memberId);
  const paper = ['demo', ...PAPER_VENUES].map((venue) => {
    const row = rows.find((r) => r.kind === 'paper' && r.venue === venue);
    return {
      id: paperAccountName(venue),
      kind: 'paper' as const,
      venue,
      label: '',
      key_hint: '',
      created_at: row?.created_at.toISOString() ?? '',
    };
  });
  const exchange = rows
    .filter((r) => r.kind === 'exchange')
    .map((r) => ({
      id: r.id,
      kind: 'exchange' as const,
      venue: r.venue,
      label: r.label,
      key_hint: r.key_hint,
      created_at: r.created_at.toISOString(),
    }));
  return { list: [...paper, ...exchange], exchanges: [...EXCHANGE_IDS] };
}

/** Connects an exchange account: its keys are kept (sealed) only once they work. */
export async function saveExchangeAccount(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof tradingAccountSave>,
): Promise<ResponseOf<typeof tradingAccountSave>> {
  const keys = { apiKey: input.api_key, secret: input.api_secret, password: input.passphrase };
  // The key must work before it is kept: one balance read on the exchange.
  const gateway = await d.ccxt.gateway(input.exchange, keys);
  try {
    await gateway.balance();
  } catch (err) {
    d.ccxt.forget(input.exchange, keys);
    throw err;
  }
  const row = await insertExchangeAccount(d.db, {
    memberId: memberId,
    venue: input.exchange,
    label: input.label ?? input.exchange,
    keyHint: keyHint(input.api_key),
    keyBox: sealKeys(d.secret, keys),
  });
  // Committed: this server's list is read again at once (the others hear migration 0045's trigger).
  noteChanged(d.db, 'trading_accounts', [memberId]);
  return { id: row.id };
}

export async function removeExchangeAccount(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof tradingAccountDelete>,
): Promise<void> {
  const id = numericId(input.id, fieldRefusal(404, 'id', 'trading_account_unknown'));
  if (!(await deleteExchangeAccount(d.db, id, memberId)))
    throw fieldRefusal(404, 'id', 'trading_account_unknown');
  noteChanged(d.db, 'trading_accounts', [memberId]);
}
