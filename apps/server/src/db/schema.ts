import type { ColumnType, Generated } from 'kysely';

/** Set by the database default unless given. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface MembersTable {
  id: Generated<string>;
  userid: string;
  name: string;
  email: string | null;
  mobile: string | null;
  tel_prefix: string | null;
  password_hash: string | null;
  tx_password_hash: string | null;
  role: Generated<'member' | 'admin'>;
  rank: Generated<'Fans' | 'Analyst' | 'Developer' | 'Operator' | 'Investor'>;
  lang: Generated<'en-US' | 'zh-CN' | 'bm-MY'>;
  status: Generated<'active' | 'frozen'>;
  kyc_state: Generated<'none' | 'pending' | 'approved' | 'rejected'>;
  sponsor_id: string | null;
  placement_parent_id: string | null;
  side: 'L' | 'R' | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SessionsTable {
  token_hash: Buffer;
  member_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  purpose: string;
  destination: string;
  member_id: string | null;
  code_hash: Buffer;
  wrong_tries: Generated<number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  destination: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
}

export interface AnnouncementsTable {
  id: Generated<string>;
  title: Record<string, string>;
  content: Record<string, string>;
  published: Generated<boolean>;
  created_at: CreatedAt;
}

export interface SettingsTable {
  key: string;
  value: unknown;
  updated_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  target: string | null;
  details: unknown;
  created_at: CreatedAt;
}

export interface DB {
  members: MembersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  announcements: AnnouncementsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
}
