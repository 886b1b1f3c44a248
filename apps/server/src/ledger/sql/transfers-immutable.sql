-- ledger_transfers_immutable: a transfer, once written, is history; a correction is a new transfer. Trigger
-- ledger_transfers_immutable (BEFORE UPDATE OR DELETE ON ledger_transfers, FOR EACH ROW; migration 0002) runs it, so
-- an UPDATE or DELETE of a transfer fails, whoever sends it.
--
-- A change to this function is made here and installed by a new migration (db/migrations/ledger-sql.ts says how).
CREATE OR REPLACE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable: corrections are new transfers';
END $$;
