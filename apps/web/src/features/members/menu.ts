/** The Me page's menu: every /pages/personal/* route of the spec, grouped, and a few of elsewhere (full paths). */
export const PERSONAL_MENU: { group: string; items: string[] }[] = [
  {
    group: 'account',
    items: [
      'profile',
      'AccountSetting',
      'LoginPassword',
      'TransactionPassword',
      'WithdrawAdress',
      'lang',
      'reserves',
    ],
  },
  {
    group: 'team',
    items: [
      'InviteFriend',
      'MyTeam2',
      'MyAffiliates',
      'MyUnit',
      'tree',
      'Promo',
      'trader',
      '/pages/trade/Sales',
      '/pages/trade/summary',
    ],
  },
  {
    group: 'shopping',
    items: ['/pages/shop/orders', '/pages/Inventory/Inventory', 'MyAddress', 'AddNewAddress'],
  },
  { group: 'support', items: ['CustomerService', 'CSHistory', '/pages/home/webView', 'AboutUs'] },
];

export const personalPath = (page: string) => (page.startsWith('/') ? page : `/pages/personal/${page}`);
