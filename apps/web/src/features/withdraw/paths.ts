export const WITHDRAW_PATH = '/pages/Wallet/menuWithdraw';
export const ADDRESS_PATH = '/pages/personal/WithdrawAdress';
