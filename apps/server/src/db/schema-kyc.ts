/** Tables of the kyc area (issue 5); the DB interface in schema.ts extends this. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the kyc feature
export interface KycTables {}
