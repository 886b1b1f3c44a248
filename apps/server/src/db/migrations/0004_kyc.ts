/**
 * KYC: submissions and their pictures (issue 5). The pictures themselves are files under
 * DATA_DIR/uploads/kyc with random names; rows hold only those names.
 */
export const up = `
CREATE TABLE kyc_submissions (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  country text NOT NULL,
  id_type text NOT NULL CHECK (id_type IN ('IC', 'Passport', 'License')),
  id_number text NOT NULL,
  -- The number as compared: upper case, without spaces and dashes ('a12-34 5' and 'A12345' are one ID).
  id_number_key text NOT NULL,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text NOT NULL DEFAULT '',
  decided_by bigint REFERENCES members(id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE INDEX kyc_submissions_member ON kyc_submissions (member_id, id DESC);
CREATE INDEX kyc_submissions_status ON kyc_submissions (status, id);
-- A member has at most one submission waiting for approval.
CREATE UNIQUE INDEX kyc_submissions_one_pending ON kyc_submissions (member_id) WHERE status = 'pending';
-- An ID (type + number) belongs to one member: a member has at most one pending or approved submission, so
-- this index decides races between members; a rejected submission frees its ID.
CREATE UNIQUE INDEX kyc_submissions_id_unique ON kyc_submissions (id_type, id_number_key) WHERE status <> 'rejected';

CREATE TABLE kyc_images (
  submission_id bigint NOT NULL REFERENCES kyc_submissions(id),
  side text NOT NULL CHECK (side IN ('front', 'back', 'holding')),
  file_name text NOT NULL UNIQUE,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  bytes int NOT NULL CHECK (bytes > 0),
  PRIMARY KEY (submission_id, side)
);
`;
