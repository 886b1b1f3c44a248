/**
 * The network (issue 4): what the tree queries need at 1,000,000 members with chains 100,000 deep, the versioned
 * bonus plan, rank history, favourites, per-day leg volumes and the pairing state and results.
 *
 * Trees: each member keeps its depth and binary-lifting jump pointers in both trees (`jumps[k]` is the ancestor
 * 2^(k-1) levels up), written by a trigger at insert, so "is X in my downline" and "X's ancestor at depth d" cost
 * at most ~17 primary-key probes however deep the tree is. Per-member team figures (leg counts and volumes,
 * personal volume, direct sponsors, sponsor team size) live in member_stats; they are added up asynchronously by
 * the propagator (features/network/propagate.ts) from members and purchases marked pending, so a sign-up or a
 * purchase never locks the ancestors' rows in its own transaction.
 */
export const up = `
ALTER TABLE members
  ADD COLUMN depth int NOT NULL DEFAULT 0,
  ADD COLUMN jumps bigint[] NOT NULL DEFAULT '{}',
  ADD COLUMN sponsor_depth int NOT NULL DEFAULT 0,
  ADD COLUMN sponsor_jumps bigint[] NOT NULL DEFAULT '{}',
  ADD COLUMN tree_pending boolean NOT NULL DEFAULT true;
CREATE INDEX members_tree_pending ON members (id) WHERE tree_pending;
CREATE INDEX members_created ON members (created_at);
-- Prefix searches (LIKE 'abc%') by userid, e-mail and mobile.
CREATE INDEX members_userid_prefix ON members (lower(userid) text_pattern_ops);
CREATE INDEX members_email_prefix ON members (lower(email) text_pattern_ops) WHERE email IS NOT NULL;
CREATE INDEX members_mobile_prefix ON members (mobile text_pattern_ops) WHERE mobile IS NOT NULL;

-- Jump pointers from the parent's: jumps[1] = parent, jumps[k+1] = (jumps of jumps[k])[k].
CREATE FUNCTION tree_jumps(parent bigint, sponsor_tree boolean) RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  result bigint[] := ARRAY[parent];
  k int := 1;
  next bigint;
BEGIN
  IF parent IS NULL THEN RETURN '{}'; END IF;
  LOOP
    IF sponsor_tree THEN
      SELECT sponsor_jumps[k] INTO next FROM members WHERE id = result[k];
    ELSE
      SELECT jumps[k] INTO next FROM members WHERE id = result[k];
    END IF;
    EXIT WHEN next IS NULL;
    result := result || next;
    k := k + 1;
  END LOOP;
  RETURN result;
END $$;

CREATE FUNCTION members_tree_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.depth := coalesce((SELECT depth + 1 FROM members WHERE id = NEW.placement_parent_id), 0);
  NEW.jumps := tree_jumps(NEW.placement_parent_id, false);
  NEW.sponsor_depth := coalesce((SELECT sponsor_depth + 1 FROM members WHERE id = NEW.sponsor_id), 0);
  NEW.sponsor_jumps := tree_jumps(NEW.sponsor_id, true);
  RETURN NEW;
END $$;
CREATE TRIGGER members_tree_fields BEFORE INSERT ON members FOR EACH ROW EXECUTE FUNCTION members_tree_fields();

-- The ancestor of a member at a depth in the placement (or sponsor) tree; null when it is deeper than the member.
CREATE FUNCTION tree_ancestor_at(node bigint, target int, sponsor_tree boolean) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  x bigint := node;
  d int;
  k int := 1;
BEGIN
  IF sponsor_tree THEN
    SELECT sponsor_depth - target INTO d FROM members WHERE id = node;
  ELSE
    SELECT depth - target INTO d FROM members WHERE id = node;
  END IF;
  IF d IS NULL OR d < 0 OR target < 0 THEN RETURN NULL; END IF;
  WHILE d > 0 LOOP
    IF d & 1 = 1 THEN
      IF sponsor_tree THEN
        SELECT sponsor_jumps[k] INTO x FROM members WHERE id = x;
      ELSE
        SELECT jumps[k] INTO x FROM members WHERE id = x;
      END IF;
    END IF;
    d := d >> 1;
    k := k + 1;
  END LOOP;
  RETURN x;
END $$;

-- Is node in top's subtree (top itself included)?
CREATE FUNCTION tree_contains(top bigint, node bigint, sponsor_tree boolean) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT tree_ancestor_at(node, CASE WHEN sponsor_tree THEN t.sponsor_depth ELSE t.depth END, sponsor_tree) = top
  FROM members t WHERE t.id = top
$$;

-- Existing members (parents always have smaller ids than their children).
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id, placement_parent_id, sponsor_id FROM members ORDER BY id LOOP
    UPDATE members SET
      depth = coalesce((SELECT depth + 1 FROM members p WHERE p.id = r.placement_parent_id), 0),
      jumps = tree_jumps(r.placement_parent_id, false),
      sponsor_depth = coalesce((SELECT sponsor_depth + 1 FROM members p WHERE p.id = r.sponsor_id), 0),
      sponsor_jumps = tree_jumps(r.sponsor_id, true)
    WHERE id = r.id;
  END LOOP;
END $$;

CREATE TABLE member_stats (
  member_id bigint PRIMARY KEY,
  left_count bigint NOT NULL DEFAULT 0,
  right_count bigint NOT NULL DEFAULT 0,
  -- Lifetime purchase volume of each placement leg and of the member's own purchases (minor units of USDT).
  left_volume bigint NOT NULL DEFAULT 0,
  right_volume bigint NOT NULL DEFAULT 0,
  personal_volume bigint NOT NULL DEFAULT 0,
  direct_count bigint NOT NULL DEFAULT 0,
  sponsor_team_count bigint NOT NULL DEFAULT 0
);

ALTER TABLE purchases ADD COLUMN volume_pending boolean NOT NULL DEFAULT true;
CREATE INDEX purchases_volume_pending ON purchases (id) WHERE volume_pending;

-- Volume added to a member's legs per day (the day its purchase counts for pairing). Pairing reads only the days
-- after the last run (index on day, member); what came before is the lifetime total in member_stats.
CREATE TABLE leg_volume_daily (
  member_id bigint NOT NULL,
  day date NOT NULL,
  left_volume bigint NOT NULL DEFAULT 0,
  right_volume bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day)
);
CREATE INDEX leg_volume_day ON leg_volume_daily (day, member_id);

-- The left/right balances carried from a member's last pairing, and the lifetime leg volume counted into them
-- (member_stats volume - counted = volume not yet paired). Written only for members whose pairing changed them.
CREATE TABLE pairing_state (
  member_id bigint PRIMARY KEY,
  left_balance bigint NOT NULL DEFAULT 0 CHECK (left_balance >= 0),
  right_balance bigint NOT NULL DEFAULT 0 CHECK (right_balance >= 0),
  left_counted bigint NOT NULL DEFAULT 0,
  right_counted bigint NOT NULL DEFAULT 0,
  first_pair_done boolean NOT NULL DEFAULT false,
  last_date date
);
-- Members who may pair without new volume (pairs beyond a cap carried on both legs).
CREATE INDEX pairing_state_both ON pairing_state (member_id) WHERE left_balance > 0 AND right_balance > 0;

-- A member's carried balances as of the last pairing run: the state's, plus volume not yet paired from days that
-- run covered (volume of later days is "today's", shown apart).
CREATE FUNCTION pairing_carried(member bigint, OUT left_volume bigint, OUT right_volume bigint)
LANGUAGE sql STABLE AS $$
  WITH last AS (SELECT max(run_date) d FROM job_runs WHERE job = 'pairing'),
  later AS (
    SELECT coalesce(sum(v.left_volume), 0) l, coalesce(sum(v.right_volume), 0) r
    FROM leg_volume_daily v, last WHERE v.member_id = member AND (last.d IS NULL OR v.day > last.d)
  )
  SELECT (coalesce(ps.left_balance, 0) + coalesce(s.left_volume, 0) - coalesce(ps.left_counted, 0) - later.l)::bigint,
    (coalesce(ps.right_balance, 0) + coalesce(s.right_volume, 0) - coalesce(ps.right_counted, 0) - later.r)::bigint
  FROM later LEFT JOIN member_stats s ON s.member_id = member LEFT JOIN pairing_state ps ON ps.member_id = member
$$;

-- One row per member and pairing date: the primary key is what makes a pairing happen once.
CREATE TABLE pairing_results (
  member_id bigint NOT NULL,
  pair_date date NOT NULL,
  plan_version int NOT NULL,
  left_before bigint NOT NULL,
  right_before bigint NOT NULL,
  left_added bigint NOT NULL,
  right_added bigint NOT NULL,
  pairs bigint NOT NULL,
  paid_pairs bigint NOT NULL,
  bonus bigint NOT NULL,
  cap bigint NOT NULL,
  flushed_left bigint NOT NULL,
  flushed_right bigint NOT NULL,
  left_after bigint NOT NULL,
  right_after bigint NOT NULL,
  transfer_id bigint,
  PRIMARY KEY (member_id, pair_date)
);

CREATE TABLE plan_versions (
  version serial PRIMARY KEY,
  settings jsonb NOT NULL,
  note text NOT NULL DEFAULT '',
  created_by bigint REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rank_changes (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  from_rank text NOT NULL,
  to_rank text NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rank_changes_member ON rank_changes (member_id, id DESC);

CREATE TABLE tree_favorites (
  member_id bigint NOT NULL REFERENCES members(id),
  node_id bigint NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, node_id)
);
`;
