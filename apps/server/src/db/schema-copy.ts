import type { ColumnType, Generated } from 'kysely';

export interface LeadTradersTable {
  id: Generated<string>;
  member_id: string;
  display_name: string;
  bio: Generated<string>;
  strategy: Generated<string>;
  state: 'pending' | 'approved' | 'rejected';
  reason: Generated<string>;
  applied_at: ColumnType<Date, Date | undefined, Date>;
  decided_at: Date | null;
  decided_by: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CopyTables {
  lead_traders: LeadTradersTable;
}
