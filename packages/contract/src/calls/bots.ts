/**
 * Calls of trading bots (issue 14), by part: DCA bots on a member's trading account (the demo account or a
 * connected exchange).
 */
export * from './bots/admin.ts';
export * from './bots/bot.ts';
export * from './bots/control.ts';
export * from './bots/funds.ts';
export * from './bots/records.ts';
