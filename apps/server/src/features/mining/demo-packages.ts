import { parseAmount as parseDecimal } from '@mp/contract';
import type { Tx } from '../../db/database.ts';

/**
 * Demo mining packages (issue 5): unit prices in USDT, profit and fee per unit per day. Each profit is what its
 * assumptions give (coins a unit mines a day times the coin's price in USDT), and both BTC packages rest on the same
 * ones (a TH/s mines the same BTC whatever the package): 0.0000008 BTC at 62,500 USDT is 0.05 USDT. Over their terms
 * the two BTC packages return less than their price (the starter: 1.20 back for 10, the S21: 8.10 for 25), the LTC one
 * a little more (2.16 for 2), so the screens show both the warning and its absence.
 */
const BTC_ASSUMPTIONS = {
  coin_price: '62500',
  output_per_unit: '0.0000008',
  note: 'At the network difficulty of that date: output per TH/s falls as the difficulty rises.',
};
/** The assumptions' note in the other languages, by the capacity unit it speaks of. */
const NOTE = (unit: string) => ({
  'zh-CN': `按该日期的全网难度计算：难度上升时，每 ${unit} 的产出会下降。`,
  'bm-MY': `Mengikut kesukaran rangkaian pada tarikh itu: hasil setiap ${unit} menurun apabila kesukaran meningkat.`,
});
const MINING_PACKAGES = [
  {
    name: 'BTC S21 cloud',
    names: { 'zh-CN': 'BTC S21 云算力', 'bm-MY': 'Awan BTC S21' },
    coin: 'BTC',
    capacity_unit: 'TH/s',
    unit_price: '25',
    term_days: 180,
    profit: '0.05',
    fee: '0.005',
    ...BTC_ASSUMPTIONS,
  },
  {
    name: 'BTC starter',
    names: { 'zh-CN': 'BTC 入门套餐', 'bm-MY': 'Pakej permulaan BTC' },
    coin: 'BTC',
    capacity_unit: 'TH/s',
    unit_price: '10',
    term_days: 30,
    profit: '0.05',
    fee: '0.01',
    ...BTC_ASSUMPTIONS,
  },
  {
    name: 'LTC L7 cloud',
    names: { 'zh-CN': 'LTC L7 云算力', 'bm-MY': 'Awan LTC L7' },
    coin: 'LTC',
    capacity_unit: 'MH/s',
    unit_price: '2',
    term_days: 90,
    profit: '0.026',
    fee: '0.002',
    coin_price: '80',
    output_per_unit: '0.000325',
    note: 'At the network difficulty of that date: output per MH/s falls as the difficulty rises.',
  },
];

function parseAmount(text: string, decimals: number): string {
  const r = parseDecimal(text, decimals);
  if (!r.ok) throw new Error(`bad demo amount ${text}`);
  return r.value.toString();
}

/** A demo package's names and note in Chinese and Malay, as Admin/packagesave stores them. */
function translationsOf(p: (typeof MINING_PACKAGES)[number]): string {
  const note = NOTE(p.capacity_unit);
  const langs = ['zh-CN', 'bm-MY'] as const;
  return JSON.stringify(
    Object.fromEntries(
      langs.map((l) => [l, { name: p.names[l], description: '', assumptions_note: note[l] }]),
    ),
  );
}

/** The demo's mining packages, written in the demo loader's transaction (system's demo.ts, with the members). */
export async function insertDemoPackages(tx: Tx): Promise<void> {
  for (const p of MINING_PACKAGES) {
    await tx
      .insertInto('mining_packages')
      .values({
        name: p.name,
        coin: p.coin,
        capacity_unit: p.capacity_unit,
        unit_price: parseAmount(p.unit_price, 6),
        term_days: p.term_days,
        daily_profit: parseAmount(p.profit, 6),
        daily_fee: parseAmount(p.fee, 6),
        settle_asset: 'USDT',
        settle_wallet: 'funds',
        min_quantity: 1,
        stock: 10_000,
        // On sale for a month already: the demo week's purchases (system/demo-activity.ts) start mining the next day.
        start_date: new Date(Date.now() - 30 * 24 * 3600_000).toISOString().slice(0, 10),
        start_delay_days: 1,
        active: true,
        coin_price: parseAmount(p.coin_price, 6),
        output_per_unit: p.output_per_unit,
        // Set the day before the demo's first purchases (a week ago).
        assumptions_set_at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString().slice(0, 10),
        assumptions_note: p.note,
        translations: translationsOf(p),
      })
      .execute();
  }
}
