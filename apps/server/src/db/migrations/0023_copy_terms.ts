/**
 * Copy trading: an investment keeps the terms it was made on (term, the trader's share, the platform's fee); an
 * admin's later change to the package applies to new investments only.
 */
export const up = `
ALTER TABLE copy_investments
  ADD COLUMN term_days integer,
  ADD COLUMN share_bps integer,
  ADD COLUMN fee_bps integer;
UPDATE copy_investments i SET term_days = p.term_days, share_bps = p.share_bps, fee_bps = p.fee_bps
  FROM copy_packages p WHERE p.id = i.package_id;
ALTER TABLE copy_investments
  ALTER COLUMN term_days SET NOT NULL,
  ALTER COLUMN share_bps SET NOT NULL,
  ALTER COLUMN fee_bps SET NOT NULL;
`;
