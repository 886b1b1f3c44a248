import type { ColumnType } from 'kysely';

/** The file store (migration 0031, platform/files.ts); the DB interface in schema.ts extends this. */
export type FileArea = 'kyc' | 'enquiries' | 'content';

export interface FilesTable {
  name: string;
  area: FileArea;
  content_type: string;
  /** bigint: read back as a string. */
  size: ColumnType<string, number, never>;
  sha256: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface FileChunksTable {
  name: string;
  seq: number;
  data: Buffer;
}

export interface FileTables {
  files: FilesTable;
  file_chunks: FileChunksTable;
}
