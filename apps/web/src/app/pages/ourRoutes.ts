import type { BuiltPage } from './builtPage.ts';

/** Routes of ours that the spec does not name (its screens need a home the spec leaves open). */
export const EXTRA_PAGES: Record<string, BuiltPage> = {
  '/pages/admin/shop': {
    load: () => import('../../features/shop/pages/AdminShopPage.tsx'),
    auth: true,
    admin: true,
    texts: 'shop',
  },
  '/pages/shop/cart': {
    load: () => import('../../features/shop/pages/CartPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/shop/checkout': {
    load: () => import('../../features/shop/pages/CheckoutPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/shop/orders': {
    load: () => import('../../features/shop/pages/ShopOrdersPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/trade/exchanges': {
    load: () => import('../../features/trading/pages/ExchangeAccountsPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/admin/traders': {
    load: () => import('../../features/copy/pages/AdminTradersPage.tsx'),
    auth: true,
    admin: true,
    texts: 'trading',
  },
  '/pages/copy/traders': {
    load: () => import('../../features/copy/pages/CopyTradersPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/copy/trader': {
    load: () => import('../../features/copy/pages/CopyTraderPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/copy/invest': {
    load: () => import('../../features/copy/pages/CopyInvestPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/copy/mine': {
    load: () => import('../../features/copy/pages/CopyMinePage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/copy/investment': {
    load: () => import('../../features/copy/pages/CopyInvestmentPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/copy/fund': {
    load: () => import('../../features/copy/pages/CopyFundPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/admin/copy': {
    load: () => import('../../features/copy/pages/AdminCopyPage.tsx'),
    auth: true,
    admin: true,
    texts: 'trading',
  },
  '/pages/admin/chain': {
    load: () => import('../../features/chain/pages/AdminChainPage.tsx'),
    auth: true,
    admin: true,
    texts: 'chain',
  },
  '/pages/admin/payouts': {
    load: () => import('../../features/admin/pages/AdminPayoutsPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/bots': {
    load: () => import('../../features/bots/pages/AdminBotsPage.tsx'),
    auth: true,
    admin: true,
    texts: 'trading',
  },
  '/pages/admin/market': {
    load: () => import('../../features/trading/pages/AdminMarketPage.tsx'),
    auth: true,
    admin: true,
    texts: 'trading',
  },
  '/pages/Wallet/bonus': { load: () => import('../../features/wallet/pages/BonusPage.tsx'), auth: true },
  '/pages/personal/security': {
    load: () => import('../../features/security/pages/SecurityPage.tsx'),
    auth: true,
  },
  '/pages/personal/reserves': {
    load: () => import('../../features/reserves/pages/ReservesPage.tsx'),
    auth: true,
    texts: 'reserves',
  },
  '/pages/admin/reserves': {
    load: () => import('../../features/reserves/pages/AdminReservesPage.tsx'),
    auth: true,
    admin: true,
    texts: 'reserves',
  },
  '/pages/admin/adjust': {
    load: () => import('../../features/admin/pages/AdminAdjustBalancePage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/adjustments': {
    load: () => import('../../features/admin/pages/AdminAdjustmentsPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/admins': {
    load: () => import('../../features/admin/pages/AdminAdminsPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/audit': {
    load: () => import('../../features/admin/pages/AdminAuditPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/enrol': {
    load: () => import('../../features/admin/pages/AdminEnrolPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/security': {
    load: () => import('../../features/security/pages/AdminSecurityEventsPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/ledger': {
    load: () => import('../../features/admin/pages/AdminLedgerHealthPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/rate': {
    load: () => import('../../features/admin/pages/AdminExchangeRatePage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/airdrop': {
    load: () => import('../../features/airdrop/pages/AdminAirdropPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/unbind': {
    load: () => import('../../features/admin/pages/AdminUnbindAddressPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/kyc': {
    load: () => import('../../features/kyc/pages/AdminKycPage.tsx'),
    auth: true,
    texts: 'kyc',
    admin: true,
  },
  '/pages/admin/kycdetail': {
    load: () => import('../../features/kyc/pages/AdminKycDetailPage.tsx'),
    auth: true,
    texts: 'kyc',
    admin: true,
  },
  '/pages/Mining/packages': {
    load: () => import('../../features/mining/pages/PackagesPage.tsx'),
    auth: true,
  },
  // The purchase's agreement is in the content texts: not in every member's first load.
  '/pages/Mining/package': {
    load: () => import('../../features/mining/pages/PackagePage.tsx'),
    auth: true,
    texts: 'content',
  },
  '/pages/Mining/orders': { load: () => import('../../features/mining/pages/OrdersPage.tsx'), auth: true },
  '/pages/Mining/vouchers': {
    load: () => import('../../features/mining/pages/VouchersPage.tsx'),
    auth: true,
  },
  '/pages/admin/mining': {
    load: () => import('../../features/mining/pages/AdminMiningPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/memberdetail': {
    load: () => import('../../features/admin/pages/AdminMemberDetailPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/plan': {
    load: () => import('../../features/admin/pages/AdminPlanPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/content': {
    load: () => import('../../features/content/pages/AdminContentPage.tsx'),
    auth: true,
    admin: true,
    texts: 'content',
  },
  '/pages/admin/contentedit': {
    load: () => import('../../features/content/pages/AdminContentEditPage.tsx'),
    auth: true,
    admin: true,
    texts: 'content',
  },
  '/pages/admin/enquiries': {
    load: () => import('../../features/content/pages/AdminEnquiriesPage.tsx'),
    auth: true,
    admin: true,
    texts: 'content',
  },
  '/pages/admin/game': {
    load: () => import('../../features/content/pages/AdminGamePage.tsx'),
    auth: true,
    admin: true,
    texts: 'content',
  },
};
