import { PERP } from '@mp/contract';
import type { Conn, Tx } from '../../db/database.ts';
import type { MarketDef } from './markets.ts';
import { type HeldPosition, heldOf, type PositionRow, priceStr } from './paper-common.ts';
import { liquidationPrice, type PerpPosition } from './perp-math.ts';

/** The paper exchange's perpetual positions (`paper_positions`): read, locked, and stored as a fill left them. */

export async function readPositions(conn: Conn, accountId: string): Promise<PositionRow[]> {
  return conn.selectFrom('paper_positions').selectAll().where('account_id', '=', accountId).execute();
}

/** The account's position in the market, locked for the transaction (none: both undefined). */
export async function lockPosition(
  tx: Tx,
  accountId: string,
  def: MarketDef,
): Promise<{ row: PositionRow | undefined; held: HeldPosition | undefined }> {
  const row = await tx
    .selectFrom('paper_positions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('symbol', '=', def.symbol)
    .forUpdate()
    .executeTakeFirst();
  return { row, held: row ? heldOf(row, def) : undefined };
}

const liquidationText = (p: PerpPosition, def: MarketDef) =>
  priceStr(liquidationPrice(p, def.priceDecimals, PERP.maintenanceBps), def);

async function deletePosition(tx: Tx, accountId: string, def: MarketDef) {
  await tx
    .deleteFrom('paper_positions')
    .where('account_id', '=', accountId)
    .where('symbol', '=', def.symbol)
    .execute();
}

/**
 * Stores the position a fill left (none: deleted). The same side goes on (its funding and opening time kept); a
 * new or reversed one starts afresh.
 */
export async function savePosition(
  tx: Tx,
  accountId: string,
  def: MarketDef,
  before: PositionRow | undefined,
  after: PerpPosition | undefined,
  now: Date,
) {
  if (!after) {
    if (before) await deletePosition(tx, accountId, def);
    return;
  }
  const fields = {
    side: after.side,
    contracts: after.contracts.toString(),
    entry_price: priceStr(after.entry, def),
    margin: after.margin.toString(),
    leverage: after.leverage,
    liquidation_price: liquidationText(after, def),
    updated_at: now,
  };
  if (before && before.side === after.side) {
    await tx
      .updateTable('paper_positions')
      .set(fields)
      .where('account_id', '=', accountId)
      .where('symbol', '=', def.symbol)
      .execute();
    return;
  }
  if (before) await deletePosition(tx, accountId, def);
  await tx
    .insertInto('paper_positions')
    .values({ ...fields, account_id: accountId, symbol: def.symbol, funding: '0', opened_at: now })
    .execute();
}

/** A funding `amount` paid into (or, negative, out of) the locked position's margin, and its liquidation price anew. */
export async function addFunding(
  tx: Tx,
  def: MarketDef,
  row: PositionRow,
  held: HeldPosition,
  amount: bigint,
  now: Date,
) {
  const after = { ...held, margin: held.margin + amount };
  await tx
    .updateTable('paper_positions')
    .set({
      margin: after.margin.toString(),
      funding: (BigInt(row.funding) + amount).toString(),
      liquidation_price: liquidationText(after, def),
      updated_at: now,
    })
    .where('account_id', '=', row.account_id)
    .where('symbol', '=', def.symbol)
    .execute();
}
