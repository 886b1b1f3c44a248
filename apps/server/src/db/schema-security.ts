import type { ColumnType, Generated } from 'kysely';

export interface SecurityEventsTable {
  id: Generated<string>;
  member_id: string | null;
  kind: string;
  at: ColumnType<Date, Date | string | undefined, Date | string>;
  until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  details: ColumnType<unknown, string | undefined, string>;
}

/** One counter per second factor and subject (`txpw:<member>`, `totp:<member>`), a fixed window. */
export interface FactorAttemptsTable {
  key: string;
  tries: number;
  window_ends: ColumnType<Date, Date | string, Date | string>;
}

export interface SecurityTables {
  security_events: SecurityEventsTable;
  factor_attempts: FactorAttemptsTable;
}
