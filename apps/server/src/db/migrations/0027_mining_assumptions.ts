/**
 * Cloud mining disclosure: a package states the assumptions its estimate rests on (the coin's price, the coins a unit
 * mines a day, the date they were set, a note), and an order keeps its daily fee beside its daily net income, so a
 * member's orders show output and fees so far and still to come. Orders bought before keep their net; their fee is
 * their package's fee now (packages had no way to change it apart from the net, so this is the fee they were sold with
 * unless an admin edited it since).
 */
export const up = `
ALTER TABLE mining_packages
  ADD COLUMN coin_price bigint CHECK (coin_price > 0),
  ADD COLUMN output_per_unit numeric CHECK (output_per_unit > 0),
  ADD COLUMN assumptions_set_at date,
  ADD COLUMN assumptions_note text NOT NULL DEFAULT '';
ALTER TABLE mining_orders ADD COLUMN daily_fee bigint NOT NULL DEFAULT 0 CHECK (daily_fee >= 0);
UPDATE mining_orders o SET daily_fee = p.daily_fee * o.quantity FROM mining_packages p WHERE p.id = o.package_id;
`;
