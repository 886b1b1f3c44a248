/** Where the money screens live. Transfer, exchange and airdrop are tabs of the spec's CurrencyOther page. */
export const CURRENCY_OTHER_PATH = '/pages/Wallet/CurrencyOther';
export const HISTORY_PATH = '/pages/Wallet/Other_History';
export const BONUS_PATH = '/pages/Wallet/bonus';
/** Proof of reserves (features/reserves): the member checks that their balances are counted and covered. */
export const RESERVES_PATH = '/pages/personal/reserves';

export const WALLET_PATHS = {
  transfer: `${CURRENCY_OTHER_PATH}?type=transfer`,
  exchange: `${CURRENCY_OTHER_PATH}?type=exchange`,
  airdrop: `${CURRENCY_OTHER_PATH}?type=airdrop`,
  /** Deposit-wallet money to the funds wallet. */
  move: `${CURRENCY_OTHER_PATH}?type=move`,
  deposit: '/pages/Wallet/menuTOPUP',
  withdraw: '/pages/Wallet/menuWithdraw',
  history: HISTORY_PATH,
  bonus: BONUS_PATH,
};

/** The history page opened on one filter: a wallet, or 'movements' / 'token'. */
export function historyPath(filter: { wallet: string } | { view: 'movements' | 'token' }): string {
  const q = 'wallet' in filter ? `wallet=${filter.wallet}` : `view=${filter.view}`;
  return `${HISTORY_PATH}?${q}`;
}
