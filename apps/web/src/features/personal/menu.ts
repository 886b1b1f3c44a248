/** The Me page's menu: every /pages/personal/* route of the spec, grouped. */
export const PERSONAL_MENU: { group: string; items: string[] }[] = [
  {
    group: 'account',
    items: ['profile', 'AccountSetting', 'LoginPassword', 'TransactionPassword', 'WithdrawAdress', 'lang'],
  },
  { group: 'team', items: ['InviteFriend', 'MyTeam2', 'MyAffiliates', 'MyUnit', 'tree', 'Promo', 'trader'] },
  { group: 'shopping', items: ['MyAddress', 'AddNewAddress'] },
  { group: 'support', items: ['CustomerService', 'CSHistory', 'AboutUs'] },
];

export const personalPath = (page: string) => `/pages/personal/${page}`;
