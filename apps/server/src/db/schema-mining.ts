/** Tables of the mining area (issue 5); the DB interface in schema.ts extends this. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the mining feature
export interface MiningTables {}
