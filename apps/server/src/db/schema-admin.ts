import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;

/** The first approval of a withdrawal above the two-person threshold (migration 0026). */
export interface WithdrawalApprovalsTable {
  withdrawal_id: string;
  approved_by: string;
  approved_at: CreatedAt;
}

/** A balance adjustment above the two-person threshold, waiting for a second admin (migration 0026). */
export interface AdminAdjustmentsTable {
  id: Generated<string>;
  member_id: string;
  wallet: string;
  asset: string;
  /** Signed, in the asset's minor unit. */
  amount: Int8;
  reason: string;
  idempotency_key: string;
  status: ColumnType<'pending' | 'posted' | 'rejected', 'pending' | undefined, 'posted' | 'rejected'>;
  requested_by: string;
  requested_at: CreatedAt;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  operation_id: string | null;
}

export interface AdminTables {
  withdrawal_approvals: WithdrawalApprovalsTable;
  admin_adjustments: AdminAdjustmentsTable;
}
