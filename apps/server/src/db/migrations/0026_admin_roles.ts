/**
 * Admin roles, two-factor for admins and two-person approval (DESIGN.md section 3, admin roles).
 * - `members.admin_role`: what an admin may do (`role` stays 'admin' for every admin, so older checks hold); the
 *   admins that exist already were all-powerful and become owners.
 * - `sessions.admin_totp_optional`: the login happened in demo mode, where an admin without two-factor may work;
 *   any other session of an admin without two-factor is restricted to enrolling it.
 * - The members change trigger also tells of `admin_role` and `totp_enabled` (cached in sessions).
 * - `withdrawal_approvals`: the first approval of a withdrawal above the two-person threshold.
 * - `admin_adjustments`: balance adjustments above the threshold, waiting for a second admin.
 */
export const up = `
ALTER TABLE members ADD COLUMN admin_role text
  CHECK (admin_role IN ('owner', 'finance', 'support', 'content', 'viewer'));
UPDATE members SET admin_role = 'owner' WHERE role = 'admin';
ALTER TABLE sessions ADD COLUMN admin_totp_optional boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('members', ARRAY(
    SELECT n.id::text FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.userid, n.name, n.role, n.rank, n.lang, n.status, n.kyc_state, n.tx_password_hash, n.password_hash,
           n.email, n.mobile, n.tel_prefix, n.admin_role, n.totp_enabled)
      IS DISTINCT FROM
          (o.userid, o.name, o.role, o.rank, o.lang, o.status, o.kyc_state, o.tx_password_hash, o.password_hash,
           o.email, o.mobile, o.tel_prefix, o.admin_role, o.totp_enabled)
    LIMIT 201));
  RETURN NULL;
END $$;

CREATE TABLE withdrawal_approvals (
  withdrawal_id bigint PRIMARY KEY REFERENCES withdrawals(id),
  approved_by bigint NOT NULL REFERENCES members(id),
  approved_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_adjustments (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  wallet text NOT NULL,
  asset text NOT NULL,
  -- Signed, in the asset's minor unit.
  amount bigint NOT NULL CHECK (amount <> 0),
  reason text NOT NULL,
  idempotency_key text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'rejected')),
  requested_by bigint NOT NULL REFERENCES members(id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by bigint REFERENCES members(id),
  decided_at timestamptz,
  operation_id bigint,
  UNIQUE (requested_by, idempotency_key)
);
CREATE INDEX admin_adjustments_status ON admin_adjustments (status, id DESC);

CREATE INDEX audit_log_actor ON audit_log (actor_id, created_at DESC);
`;
