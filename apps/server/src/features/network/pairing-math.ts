/**
 * One member's pairing for one day, as a pure function: the reference the SQL of the pairing job is tested
 * against, and what the team screen uses to estimate today's pairing. Volumes and money are minor units.
 *
 * Pairs are whole units of volume on each side. With the 2:1 ratio the member's first pair ever takes two units
 * from the stronger leg and one from the weaker (either way round); every later pair is 1:1. A pair pays
 * `perPair` (= unit x pairing % rounded down). At most `cap` is paid per day: pairs beyond it are flushed (their
 * volume is used up unpaid) or carried (their volume stays on both legs). What no pair can use is carried to the
 * next day when carry-forward is on, else flushed. Per leg: before + added = used by paid pairs + flushed + after.
 */
export type PairingInput = {
  leftBefore: bigint;
  rightBefore: bigint;
  leftAdded: bigint;
  rightAdded: bigint;
  firstPairDone: boolean;
  unit: bigint;
  perPair: bigint;
  cap: bigint;
  ratio: '1:1' | '2:1';
  capExcess: 'flush' | 'carry';
  carryForward: boolean;
};

export type PairingResult = {
  pairs: bigint;
  paidPairs: bigint;
  bonus: bigint;
  usedLeft: bigint;
  usedRight: bigint;
  flushedLeft: bigint;
  flushedRight: bigint;
  leftAfter: bigint;
  rightAfter: bigint;
  firstPairDone: boolean;
};

const min = (a: bigint, b: bigint) => (a < b ? a : b);

export function pairDay(p: PairingInput): PairingResult {
  const left = p.leftBefore + p.leftAdded;
  const right = p.rightBefore + p.rightAdded;
  const u = p.unit;
  const strongLeft = left >= right;
  // A 2:1 first pair is due, and possible when the stronger leg has two units and the weaker one.
  const firstDue = p.ratio === '2:1' && !p.firstPairDone;
  const first = firstDue && (strongLeft ? left >= 2n * u && right >= u : right >= 2n * u && left >= u);
  let pairs: bigint;
  if (first) {
    const l = left - (strongLeft ? 2n * u : u);
    const r = right - (strongLeft ? u : 2n * u);
    pairs = 1n + min(l / u, r / u);
  } else {
    pairs = firstDue ? 0n : min(left / u, right / u);
  }
  // Volume the first n pairs use on each leg.
  const use = (n: bigint): [bigint, bigint] => {
    if (n === 0n) return [0n, 0n];
    if (!first) return [n * u, n * u];
    return strongLeft ? [(n + 1n) * u, n * u] : [n * u, (n + 1n) * u];
  };
  const paidPairs = p.perPair === 0n ? pairs : min(pairs, p.cap / p.perPair);
  const [usedLeft, usedRight] = use(paidPairs);
  const [allLeft, allRight] = use(pairs);
  const excessLeft = allLeft - usedLeft;
  const excessRight = allRight - usedRight;
  let leftAfter: bigint;
  let rightAfter: bigint;
  if (p.capExcess === 'carry') {
    // The excess pairs stay on both legs; the unmatched rest follows carry-forward.
    leftAfter = p.carryForward ? left - usedLeft : excessLeft;
    rightAfter = p.carryForward ? right - usedRight : excessRight;
  } else {
    leftAfter = p.carryForward ? left - allLeft : 0n;
    rightAfter = p.carryForward ? right - allRight : 0n;
  }
  const consumed = p.capExcess === 'carry' ? paidPairs : pairs;
  return {
    pairs,
    paidPairs,
    bonus: paidPairs * p.perPair,
    usedLeft,
    usedRight,
    flushedLeft: left - usedLeft - leftAfter,
    flushedRight: right - usedRight - rightAfter,
    leftAfter,
    rightAfter,
    firstPairDone: p.firstPairDone || (first && consumed > 0n),
  };
}
