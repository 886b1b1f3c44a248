/** Members, sessions, verification codes, outbox, announcements, settings and the audit log. */
export const up = `
CREATE TABLE members (
  id bigserial PRIMARY KEY,
  userid text NOT NULL,
  name text NOT NULL DEFAULT '',
  email text,
  mobile text,
  tel_prefix text,
  password_hash text,
  tx_password_hash text,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  rank text NOT NULL DEFAULT 'Fans' CHECK (rank IN ('Fans', 'Analyst', 'Developer', 'Operator', 'Investor')),
  lang text NOT NULL DEFAULT 'en-US' CHECK (lang IN ('en-US', 'zh-CN', 'bm-MY')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen')),
  kyc_state text NOT NULL DEFAULT 'none' CHECK (kyc_state IN ('none', 'pending', 'approved', 'rejected')),
  sponsor_id bigint REFERENCES members(id),
  placement_parent_id bigint REFERENCES members(id),
  side char(1) CHECK (side IN ('L', 'R')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((placement_parent_id IS NULL) = (side IS NULL))
);
CREATE UNIQUE INDEX members_userid_lower ON members (lower(userid));
CREATE UNIQUE INDEX members_email_lower ON members (lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX members_mobile ON members (tel_prefix, mobile) WHERE mobile IS NOT NULL;
-- One member per side under each placement parent: concurrent sign-ups for one spot cannot both win.
CREATE UNIQUE INDEX members_placement_spot ON members (placement_parent_id, side) WHERE placement_parent_id IS NOT NULL;
CREATE INDEX members_sponsor ON members (sponsor_id);

CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_member ON sessions (member_id) WHERE revoked_at IS NULL;

CREATE TABLE verification_codes (
  id bigserial PRIMARY KEY,
  purpose text NOT NULL,
  destination text NOT NULL,
  member_id bigint REFERENCES members(id),
  code_hash bytea NOT NULL,
  wrong_tries int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX verification_codes_lookup ON verification_codes (purpose, destination, created_at DESC);

CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  destination text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_destination ON outbox (destination, id DESC);

CREATE TABLE announcements (
  id bigserial PRIMARY KEY,
  title jsonb NOT NULL,
  content jsonb NOT NULL,
  published boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_id bigint REFERENCES members(id),
  action text NOT NULL,
  target text,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created ON audit_log (created_at DESC);
`;
