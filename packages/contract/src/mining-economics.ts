import { formatAmount, type Minor } from './money.ts';

/**
 * The whole economics of a mining package or order, in one place: the package list and page, the purchase preview,
 * a member's orders, the admin's package editor and the daily income job (which pays the daily net stored on the
 * order at purchase) all read their figures from here. Pure bigint arithmetic on minor units: the totals are the
 * daily figures times the term, exactly. The only roundings are in the short figures a sentence shows ("about 1.20
 * USDT back for 10.00 USDT") and the share of the price that comes back; each is made against the member (output and
 * net down, fees and price up, the share down) and reported, so a screen can say so.
 */

export type MiningEconomicsInput = {
  /** Estimated output of one unit for one day, before the fee, in minor units of the settlement asset. */
  dailyOutputPerUnit: Minor;
  /** Management fee of one unit for one day, in minor units of the settlement asset. */
  dailyFeePerUnit: Minor;
  quantity: number;
  termDays: number;
  /** What the member pays (after any voucher), in minor units of the price asset. */
  paid: Minor;
  /** Output and price are in the same asset: only then can the net be set against the price. */
  sameAsset: boolean;
};

export type MiningFigures = { output: Minor; fee: Minor; net: Minor };

export type MiningEconomics = {
  daily: MiningFigures;
  total: MiningFigures;
  termDays: number;
  paid: Minor;
  comparable: boolean;
  /** Total net as a share of what is paid, in basis points, rounded down; null when not comparable. */
  returnBps: Minor | null;
  /** The estimate returns less than what is paid (false when not comparable: the screens say that apart). */
  belowPrice: boolean;
};

const times = (f: MiningFigures, n: bigint): MiningFigures => ({
  output: f.output * n,
  fee: f.fee * n,
  net: f.net * n,
});

/** Daily and whole-term output, fees and net of `quantity` units, and the net against what is paid. */
export function miningEconomics(input: MiningEconomicsInput): MiningEconomics {
  const quantity = BigInt(input.quantity);
  const daily = times(
    {
      output: input.dailyOutputPerUnit,
      fee: input.dailyFeePerUnit,
      net: input.dailyOutputPerUnit - input.dailyFeePerUnit,
    },
    quantity,
  );
  const total = times(daily, BigInt(input.termDays));
  const comparable = input.sameAsset && input.paid > 0n;
  return {
    daily,
    total,
    termDays: input.termDays,
    paid: input.paid,
    comparable,
    returnBps: comparable ? floorDiv(total.net * 10_000n, input.paid) : null,
    belowPrice: comparable && total.net < input.paid,
  };
}

/** What the estimate says is still to come after `daysPaid` days of income (never below zero). */
export function miningStillToCome(e: MiningEconomics, daysPaid: number): MiningFigures {
  const left = BigInt(Math.max(e.termDays - daysPaid, 0));
  return times(e.daily, left);
}

export type RoundedSummary = {
  output: Minor;
  fee: Minor;
  net: Minor;
  paid: Minor;
  /** Whole percent of the price that comes back, rounded down; null when not comparable. */
  percent: Minor | null;
  /** Something above was rounded (against the member): the screens say "about". */
  rounded: boolean;
};

/**
 * The figures a sentence shows, to `shown` decimals: output and net rounded down, fees and the price rounded up, the
 * percent down. Amounts stay in minor units of their asset (multiples of the shown step).
 */
export function roundedSummary(
  e: MiningEconomics,
  settleDecimals: number,
  priceDecimals: number,
  shown = 2,
): RoundedSummary {
  const settleStep = stepOf(settleDecimals, shown);
  const priceStep = stepOf(priceDecimals, shown);
  const s = {
    output: roundDown(e.total.output, settleStep),
    fee: roundUp(e.total.fee, settleStep),
    net: roundDown(e.total.net, settleStep),
    paid: roundUp(e.paid, priceStep),
    percent: e.returnBps === null ? null : floorDiv(e.returnBps, 100n),
  };
  const rounded =
    s.output !== e.total.output ||
    s.fee !== e.total.fee ||
    s.net !== e.total.net ||
    s.paid !== e.paid ||
    (e.returnBps !== null && e.returnBps % 100n !== 0n);
  return { ...s, rounded };
}

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

/**
 * The daily output of one unit the assumptions give: coins per unit per day (decimal text) times the coin's price
 * (minor units of the settlement asset per coin), rounded down; null when either is missing or not a number.
 */
export function impliedDailyOutput(outputPerUnit: string, coinPrice: Minor | null): Minor | null {
  const m = DECIMAL_RE.exec(outputPerUnit.trim());
  if (!m || coinPrice === null || coinPrice <= 0n) return null;
  const frac = m[2] ?? '';
  const scaled = BigInt(`${m[1]}${frac}`);
  return (scaled * coinPrice) / 10n ** BigInt(frac.length);
}

function stepOf(decimals: number, shown: number): Minor {
  return 10n ** BigInt(Math.max(decimals - shown, 0));
}

/** Rounds toward minus infinity (bigint division truncates toward zero). */
function floorDiv(a: Minor, b: Minor): Minor {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function roundDown(value: Minor, step: Minor): Minor {
  return floorDiv(value, step) * step;
}

function roundUp(value: Minor, step: Minor): Minor {
  return -floorDiv(-value, step) * step;
}

/** An asset and the decimals of its minor unit. */
export type AssetUnit = { asset: string; decimals: number };

/** The economics as the calls send them (`miningEconomicsSchema`): exact figures and the two-decimal shown ones. */
export type MiningEconomicsWire = {
  term_days: number;
  asset: string;
  daily_output: string;
  daily_fee: string;
  daily_net: string;
  total_output: string;
  total_fee: string;
  total_net: string;
  price: string;
  price_asset: string;
  comparable: boolean;
  return_percent: string;
  below_price: boolean;
  shown: { total_output: string; total_fee: string; total_net: string; price: string };
  rounded: boolean;
};

/** Wire form of the economics: the server's answers and the admin editor's live figures are made the same way. */
export function miningEconomicsWire(
  e: MiningEconomics,
  settle: AssetUnit,
  price: AssetUnit,
): MiningEconomicsWire {
  const s = roundedSummary(e, settle.decimals, price.decimals);
  const out = (v: Minor) => formatAmount(v, settle.decimals);
  const pay = (v: Minor) => formatAmount(v, price.decimals);
  return {
    term_days: e.termDays,
    asset: settle.asset,
    daily_output: out(e.daily.output),
    daily_fee: out(e.daily.fee),
    daily_net: out(e.daily.net),
    total_output: out(e.total.output),
    total_fee: out(e.total.fee),
    total_net: out(e.total.net),
    price: pay(e.paid),
    price_asset: price.asset,
    comparable: e.comparable,
    return_percent: s.percent === null ? '' : s.percent.toString(),
    below_price: e.belowPrice,
    shown: { total_output: out(s.output), total_fee: out(s.fee), total_net: out(s.net), price: pay(s.paid) },
    rounded: s.rounded,
  };
}
