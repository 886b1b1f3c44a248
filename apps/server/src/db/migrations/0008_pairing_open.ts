/**
 * The pairing job reads only members who can pair. Each member's volume not yet paired (carried balances plus volume
 * since the pairing that last counted it) is kept on member_stats as `left_open` / `right_open`: the propagator adds
 * new volume to it, the pairing sets it to what it carries. A member can pair only when both are at least one pair
 * unit, so an index on the smaller of the two finds them without reading everyone who merely got volume that day
 * (about ten times as many). pairing_state's other fields (first pair done, last date paired) move along with them,
 * so a settled member is one row written.
 */
export const up = `
-- A member's reward account (USDT), where the plan pays bonuses by default, is opened with the member: the daily
-- bonus jobs pay tens of thousands of first-time earners at once, and opening an account then costs about as much
-- as the payout (two index entries, and foreign-key checks that lock the member row, run again when the new account
-- is credited in the same transaction). Other accounts are still opened on first use.
CREATE FUNCTION members_open_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (member_id, wallet, asset, no_overdraft)
  SELECT id, 'reward', 'USDT', true FROM new_members ORDER BY id
  ON CONFLICT (member_id, wallet, asset) WHERE member_id IS NOT NULL DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER members_open_accounts AFTER INSERT ON members REFERENCING NEW TABLE AS new_members
  FOR EACH STATEMENT EXECUTE FUNCTION members_open_accounts();
INSERT INTO ledger_accounts (member_id, wallet, asset, no_overdraft)
SELECT id, 'reward', 'USDT', true FROM members ORDER BY id
ON CONFLICT (member_id, wallet, asset) WHERE member_id IS NOT NULL DO NOTHING;

ALTER TABLE member_stats
  ADD COLUMN left_open bigint NOT NULL DEFAULT 0 CHECK (left_open >= 0),
  ADD COLUMN right_open bigint NOT NULL DEFAULT 0 CHECK (right_open >= 0),
  ADD COLUMN first_pair_done boolean NOT NULL DEFAULT false,
  ADD COLUMN paired_on date;

UPDATE member_stats SET left_open = left_volume, right_open = right_volume WHERE left_volume > 0 OR right_volume > 0;
UPDATE member_stats s SET left_open = ps.left_balance + s.left_volume - ps.left_counted,
  right_open = ps.right_balance + s.right_volume - ps.right_counted,
  first_pair_done = ps.first_pair_done, paired_on = ps.last_date
FROM pairing_state ps WHERE ps.member_id = s.member_id;
INSERT INTO member_stats (member_id, first_pair_done, paired_on)
SELECT member_id, first_pair_done, last_date FROM pairing_state ps
WHERE NOT EXISTS (SELECT 1 FROM member_stats s WHERE s.member_id = ps.member_id);

DROP TABLE pairing_state;

-- Members with volume open on both legs, by the smaller side: the pairing job asks for those with at least a unit.
CREATE INDEX member_stats_pairable ON member_stats ((least(left_open, right_open)))
  WHERE left_open > 0 AND right_open > 0;

-- A member's carried balances as of the last pairing run: volume not yet paired, less that of days after the run
-- (shown apart as today's).
CREATE OR REPLACE FUNCTION pairing_carried(member bigint, OUT left_volume bigint, OUT right_volume bigint)
LANGUAGE sql STABLE AS $$
  WITH last AS (SELECT max(run_date) d FROM job_runs WHERE job = 'pairing'),
  later AS (
    SELECT coalesce(sum(v.left_volume), 0) l, coalesce(sum(v.right_volume), 0) r
    FROM leg_volume_daily v, last WHERE v.member_id = member AND (last.d IS NULL OR v.day > last.d)
  )
  SELECT (coalesce(s.left_open, 0) - later.l)::bigint, (coalesce(s.right_open, 0) - later.r)::bigint
  FROM later LEFT JOIN member_stats s ON s.member_id = member
$$;
`;
