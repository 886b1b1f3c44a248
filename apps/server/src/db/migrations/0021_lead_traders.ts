/**
 * Copy trading (issue 15), first part: lead traders. One application per member (re-applying after a rejection
 * updates it), decided once by an admin.
 */
export const up = `
CREATE TABLE lead_traders (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL UNIQUE REFERENCES members(id),
  display_name text NOT NULL,
  bio text NOT NULL DEFAULT '',
  strategy text NOT NULL DEFAULT '',
  state text NOT NULL CHECK (state IN ('pending', 'approved', 'rejected')),
  reason text NOT NULL DEFAULT '',
  applied_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by bigint REFERENCES members(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_traders_state ON lead_traders (state, id DESC);
`;
