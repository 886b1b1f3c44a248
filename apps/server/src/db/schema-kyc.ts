import type { ColumnType, Generated } from 'kysely';

/** Tables of the kyc area (issue 5); the DB interface in schema.ts extends this. */
export interface KycSubmissionsTable {
  id: Generated<string>;
  member_id: string;
  country: string;
  id_type: 'IC' | 'Passport' | 'License';
  id_number: string;
  id_number_key: string;
  name: string;
  status: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | undefined, 'approved' | 'rejected'>;
  reason: Generated<string>;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface KycImagesTable {
  submission_id: string;
  side: 'front' | 'back' | 'holding';
  file_name: string;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp';
  bytes: number;
}

export interface KycTables {
  kyc_submissions: KycSubmissionsTable;
  kyc_images: KycImagesTable;
}
