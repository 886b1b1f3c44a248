/** The wallet area's public face: what other parts of the server may use. Everything else here is private to it. */

/** The operator's wallet settings (the exchange price) and the fixed wallets of airdrops and withdrawals. */
export { AIRDROP, exchangeSettings, PRICE_DECIMALS, WITHDRAW } from './settings.ts';
/** A member who may receive a transfer (or goods), found by user id. */
export { findActiveRecipient } from './recipient.ts';
/** The bonuses a member was paid less those taken back, all time and this month (the pairing pool's figures). */
export { bonusNet } from './bonus.ts';
/** Rolls the busiest members' history up ahead of their reads, every few hours. */
export { historyRollUpTask } from './history-task.ts';
