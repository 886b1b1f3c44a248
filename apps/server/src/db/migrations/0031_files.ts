/**
 * Files in PostgreSQL (issue 28): every server sees every upload, and the database's backup holds them with the money.
 * A file is a row of `files` and its bytes in chunks of 256 KiB (platform/files.ts), so a 50 MB video is written and
 * read a chunk at a time and a range request reads only the chunks it covers. Names keep the format the rows that
 * name files already hold (32 hex digits, `.ext` for public media). The chunks' foreign key is checked at commit: a
 * file's chunks are written as its bytes arrive and its row once their size and hash are known, in one transaction.
 * Storage EXTERNAL: pictures, video and PDF are compressed already, so PostgreSQL does not try again.
 */
export const up = `
CREATE TABLE files (
  name text PRIMARY KEY CHECK (name ~ '^[0-9a-f]{32}(\\.[a-z0-9]{2,4})?$'),
  area text NOT NULL CHECK (area IN ('kyc', 'enquiries', 'content')),
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE file_chunks (
  name text NOT NULL REFERENCES files (name) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  seq int NOT NULL CHECK (seq >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (name, seq)
);
ALTER TABLE file_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
`;
