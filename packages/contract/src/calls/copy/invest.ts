import { z } from 'zod';
import {
  defineCall,
  formBool,
  formInt,
  oneOf,
  optionalText,
  pagingFields,
  secret,
  text,
} from '../../call.ts';
import { pagedSchema } from '../../envelope.ts';
import { amountField, idempotencyKey } from '../transfer.ts';

/**
 * Copy trading (issue 15): investing in a package, following the investment, renewing, topping up and
 * stopping. Amounts are USDT decimal strings; percentages are decimal strings with two decimals.
 */
const pct = z.string();
const money = z.string();
const anId = () => text(20);

export const COPY_STATES = ['active', 'closing', 'stopped', 'closed'] as const;

export const investmentSchema = z.object({
  id: z.string(),
  trader_id: z.string(),
  trader_name: z.string(),
  company: z.boolean(),
  package_id: z.string(),
  package_name: z.string(),
  term_days: z.number(),
  share_percent: pct,
  fee_percent: pct,
  state: z.enum(COPY_STATES),
  /** What the member put in (first amount and top-ups). */
  principal: money,
  /** What the investment's units of the pool are worth now (rounded down). */
  value: money,
  /** Value + returned + shared + fees - principal: the result so far. */
  pnl: money,
  pnl_percent: pct,
  high_water_mark: money,
  shared: money,
  fees: money,
  returned: money,
  stop_loss_percent: z.number(),
  auto_renew: z.boolean(),
  started_at: z.string(),
  ends_at: z.string(),
  renewals: z.number(),
  close_reason: z.string(),
  closed_at: z.string(),
});

const investFields = {
  amount: amountField(),
  agree: formBool(),
  stop_loss_percent: formInt(0, 99, 0),
  auto_renew: formBool(),
  tx_password: secret(),
  idempotency_key: idempotencyKey(),
};

export const investSave = defineCall({
  name: 'Trade/investsave',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    "Invests from the trading wallet in a lead trader's package (identity, agreement, transaction password); one ledger operation",
  request: z.object({ package_id: anId(), ...investFields }),
  response: investmentSchema,
});

export const investSaveCompany = defineCall({
  name: 'Trade/investsavecompany',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    "Invests from the trading wallet in the company's managed strategy (same rules as Trade/investsave)",
  request: z.object({ package_id: anId(), ...investFields }),
  response: investmentSchema,
});

export const getMyTrade = defineCall({
  name: 'Trade/getmytrade',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary: "The member's copy investments with current value and P&L, and the totals of the active ones",
  request: z.object({ ...pagingFields, state: oneOf(['active', 'ended'] as const).optional() }),
  response: pagedSchema(investmentSchema).extend({
    total_value: money,
    total_pnl: money,
  }),
});

export const mirroredTradeSchema = z.object({
  /** The trader's fill it mirrors. */
  id: z.string(),
  symbol: z.string(),
  market: z.string(),
  side: z.string(),
  /** The trader's amount and the pool's (scaled) amount. */
  trader_amount: z.string(),
  pool_amount: z.string(),
  price: z.string(),
  /** Why the trade was not mirrored ('' when it was). */
  skipped: z.string(),
  at: z.string(),
});

export const getTradeDetails = defineCall({
  name: 'Trade/getTradeDetails',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary: 'One investment: its value history, settlements and the mirrored trades of its term',
  request: z.object({ id: anId() }),
  response: z.object({
    investment: investmentSchema,
    /** This investment's share of the pool, in percent. */
    pool_share: pct,
    history: z.array(z.object({ day: z.string(), value: money })),
    settlements: z.array(
      z.object({
        date: z.string(),
        kind: z.string(),
        value: money,
        profit: money,
        trader_share: money,
        platform_fee: money,
      }),
    ),
    trades: z.array(mirroredTradeSchema),
  }),
});

export const renewSave = defineCall({
  name: 'Trade/renewsave',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary: 'Renews an active investment for another term of its package; the high-water mark is kept',
  request: z.object({ id: anId(), tx_password: secret(), idempotency_key: idempotencyKey() }),
  response: investmentSchema,
});

export const topupSave = defineCall({
  name: 'Trade/topupsave',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    'Adds funds from the trading wallet to an active investment (units at the current value); one ledger operation',
  request: z.object({
    id: anId(),
    amount: amountField(),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
  }),
  response: investmentSchema,
});

export const updateTrade = defineCall({
  name: 'Trade/updateTrade',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    "An investment's settings (stop-copy loss limit, auto-renew), or stop copying now: its share of the positions is closed and its value returned",
  request: z.object({
    id: anId(),
    action: oneOf(['settings', 'stop'] as const),
    stop_loss_percent: formInt(0, 99, 0),
    auto_renew: formBool(),
    tx_password: optionalText(100),
  }),
  response: investmentSchema,
});
