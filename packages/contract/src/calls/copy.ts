/**
 * Calls of copy trading (issue 15), by part: becoming a lead trader, then packages, investing, mirroring and
 * settlement.
 */
export * from './copy/admin.ts';
export * from './copy/discover.ts';
export * from './copy/invest.ts';
export * from './copy/traders.ts';
