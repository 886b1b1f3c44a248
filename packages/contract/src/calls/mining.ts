/**
 * Calls of the mining area (issue 5), by part: packages, buying them, the income they pay, and the admin's
 * calls. Money is a decimal string in major units.
 */
export * from './mining/admin.ts';
export * from './mining/income.ts';
export * from './mining/packages.ts';
export * from './mining/purchase.ts';
