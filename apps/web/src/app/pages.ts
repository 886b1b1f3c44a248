import type { PageNamespace } from '../locales/index.ts';
import type { PageLoader } from './lazyPage.tsx';

/** `texts`: a page namespace (PAGE_NAMESPACES) the page needs besides the first load's; admin pages get `admin`. */
export type BuiltPage = { load: PageLoader; auth?: boolean; admin?: boolean; texts?: PageNamespace };

/** The spec routes built so far; every other spec route shows the shared "coming soon" page. */
export const BUILT_PAGES: Record<string, BuiltPage> = {
  '/pages/shop/shop': { load: () => import('../features/shop/pages/ShopPage.tsx'), texts: 'shop' },
  '/pages/trade/Sales': {
    load: () => import('../features/shop/pages/SalesPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/trade/summary': {
    load: () => import('../features/shop/pages/SalesSummaryPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/Inventory/Inventory': {
    load: () => import('../features/shop/pages/InventoryPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/Inventory/stock': {
    load: () => import('../features/shop/pages/StockRecordsPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/personal/MyAddress': {
    load: () => import('../features/shop/pages/MyAddressPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/personal/AddNewAddress': {
    load: () => import('../features/shop/pages/AddNewAddressPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/home/onlinemain': {
    load: () => import('../features/trading/pages/MarketsPage.tsx'),
    texts: 'trading',
  },
  '/pages/trade/online': {
    load: () => import('../features/trading/pages/MarketsPage.tsx'),
    texts: 'trading',
  },
  '/pages/trade/demo2': { load: () => import('../features/trading/pages/MarketsPage.tsx'), texts: 'trading' },
  '/pages/trade/demoExchange': {
    load: () => import('../features/trading/pages/MarketsPage.tsx'),
    texts: 'trading',
  },
  '/pages/trade/onlinec': {
    load: () => import('../features/trading/pages/MarketPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/home/Trade': {
    load: () => import('../features/trading/pages/MarketPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/home/Tradesell': {
    load: () => import('../features/trading/pages/MarketPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/demo3': {
    load: () => import('../features/trading/pages/MarketPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/Recordtx': {
    load: () => import('../features/trading/pages/RecordsPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/History': {
    load: () => import('../features/trading/pages/RecordsPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/demo4': {
    load: () => import('../features/trading/pages/RecordsPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/test': {
    load: () => import('../features/trading/pages/DemoPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/tradeboard': {
    load: () => import('../features/trading/pages/BoardPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/trademain': {
    load: () => import('../features/bots/pages/BotsHomePage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/Botlist': {
    load: () => import('../features/bots/pages/BotListPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/trade2': {
    load: () => import('../features/bots/pages/BotPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/mytrade': {
    load: () => import('../features/bots/pages/BotHistoryPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/CustomProgress': {
    load: () => import('../features/trading/pages/ChallengePage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/home/home': { load: () => import('../features/home/pages/HomePage.tsx') },
  '/pages/login/login': { load: () => import('../features/auth/pages/LoginPage.tsx') },
  '/pages/register/register': { load: () => import('../features/auth/pages/RegisterPage.tsx') },
  '/pages/forgotpassword/forgotpassword': {
    load: () => import('../features/auth/pages/ForgotPasswordPage.tsx'),
  },
  '/pages/personal/personal': { load: () => import('../features/personal/pages/MePage.tsx'), auth: true },
  '/pages/personal/profile': { load: () => import('../features/personal/pages/ProfilePage.tsx'), auth: true },
  '/pages/personal/AccountSetting': {
    load: () => import('../features/personal/pages/AccountSettingPage.tsx'),
    auth: true,
  },
  '/pages/personal/LoginPassword': {
    load: () => import('../features/personal/pages/LoginPasswordPage.tsx'),
    auth: true,
  },
  '/pages/personal/TransactionPassword': {
    load: () => import('../features/personal/pages/TransactionPasswordPage.tsx'),
    auth: true,
  },
  '/pages/personal/lang': { load: () => import('../features/personal/pages/LanguagePage.tsx') },
  '/pages/personal/trader': {
    load: () => import('../features/copy/pages/TraderPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/personal/AboutUs': {
    load: () => import('../features/personal/pages/AboutUsPage.tsx'),
    texts: 'content',
  },
  '/pages/Wallet/Wallet': { load: () => import('../features/wallet/pages/WalletPage.tsx'), auth: true },
  // Transfer, exchange and airdrop are tabs of this page (`?type=transfer|exchange|airdrop`).
  '/pages/Wallet/CurrencyOther': {
    load: () => import('../features/wallet/pages/CurrencyOtherPage.tsx'),
    auth: true,
  },
  '/pages/Wallet/Other_History': {
    load: () => import('../features/wallet/pages/HistoryPage.tsx'),
    auth: true,
  },
  '/pages/Wallet/menuTOPUP': {
    load: () => import('../features/chain/pages/TopupPage.tsx'),
    auth: true,
    texts: 'chain',
  },
  '/pages/Wallet/menuWithdraw': {
    load: () => import('../features/withdraw/pages/WithdrawPage.tsx'),
    auth: true,
  },
  '/pages/personal/WithdrawAdress': {
    load: () => import('../features/withdraw/pages/WithdrawAddressPage.tsx'),
    auth: true,
  },
  '/pages/admin/admin': {
    load: () => import('../features/admin/pages/AdminHomePage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/wd': {
    load: () => import('../features/admin/pages/AdminWithdrawalsPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/home/NameVerification': {
    load: () => import('../features/kyc/pages/NameVerificationPage.tsx'),
    auth: true,
    texts: 'kyc',
  },
  '/pages/Mining/AssetIncome': {
    load: () => import('../features/mining/pages/AssetIncomePage.tsx'),
    auth: true,
  },
  '/pages/Mining/IncomeHistory': {
    load: () => import('../features/mining/pages/IncomeHistoryPage.tsx'),
    auth: true,
  },
  '/pages/Mining/IncomeHistory2': {
    load: () => import('../features/mining/pages/IncomeHistory2Page.tsx'),
    auth: true,
  },
  '/pages/personal/tree': {
    load: () => import('../features/network/pages/TreePage.tsx'),
    auth: true,
    texts: 'network',
  },
  '/pages/personal/MyTeam2': {
    load: () => import('../features/network/pages/MyTeamPage.tsx'),
    auth: true,
    texts: 'network',
  },
  '/pages/personal/MyAffiliates': {
    load: () => import('../features/network/pages/MyAffiliatesPage.tsx'),
    auth: true,
    texts: 'network',
  },
  '/pages/personal/MyUnit': {
    load: () => import('../features/network/pages/MyUnitPage.tsx'),
    auth: true,
    texts: 'network',
  },
  '/pages/personal/InviteFriend': {
    load: () => import('../features/network/pages/InviteFriendPage.tsx'),
    auth: true,
    texts: 'network',
  },
  '/pages/admin/member': {
    load: () => import('../features/admin/pages/AdminMembersPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/search': {
    load: () => import('../features/admin/pages/AdminMemberSearchPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/home/HomegetAllNews': {
    load: () => import('../features/content/pages/NewsListPage.tsx'),
    texts: 'content',
  },
  '/pages/home/HomeshowOneNews': {
    load: () => import('../features/content/pages/ArticlePage.tsx'),
    texts: 'content',
  },
  '/pages/home/HelpCenter': {
    load: () => import('../features/content/pages/HelpCenterPage.tsx'),
    texts: 'content',
  },
  '/pages/home/BeginnersGuide': {
    load: () => import('../features/content/pages/GuidePage.tsx'),
    texts: 'content',
  },
  '/pages/home/BeginnersGuide2': {
    load: () => import('../features/content/pages/GuideStepPage.tsx'),
    texts: 'content',
  },
  '/pages/home/TrainingDetails': {
    load: () => import('../features/content/pages/TrainingPage.tsx'),
    texts: 'content',
  },
  '/pages/home/video': { load: () => import('../features/content/pages/VideoPage.tsx'), texts: 'content' },
  '/pages/home/webView': {
    load: () => import('../features/content/pages/WebViewPage.tsx'),
    texts: 'content',
  },
  '/choose-location': {
    load: () => import('../features/location/pages/ChooseLocationPage.tsx'),
    texts: 'shop',
  },
  '/open-location': {
    load: () => import('../features/location/pages/OpenLocationPage.tsx'),
    texts: 'shop',
  },
  '/preview-image': {
    load: () => import('../features/content/pages/PreviewImagePage.tsx'),
    texts: 'content',
  },
  '/pages/Intro': { load: () => import('../features/content/pages/IntroPage.tsx'), texts: 'content' },
  '/pages/personal/Promo': {
    load: () => import('../features/content/pages/PromoPage.tsx'),
    auth: true,
    texts: 'content',
  },
  '/pages/personal/CustomerService': {
    load: () => import('../features/content/pages/CustomerServicePage.tsx'),
    auth: true,
    texts: 'content',
  },
  '/pages/personal/CSHistory': {
    load: () => import('../features/content/pages/CSHistoryPage.tsx'),
    auth: true,
    texts: 'content',
  },
  '/pages/Game/game': {
    load: () => import('../features/content/pages/GamePage.tsx'),
    auth: true,
    texts: 'content',
  },
};

/** Routes of ours that the spec does not name (its screens need a home the spec leaves open). */
export const EXTRA_PAGES: Record<string, BuiltPage> = {
  '/pages/admin/shop': {
    load: () => import('../features/shop/pages/AdminShopPage.tsx'),
    auth: true,
    admin: true,
    texts: 'shop',
  },
  '/pages/shop/cart': {
    load: () => import('../features/shop/pages/CartPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/shop/checkout': {
    load: () => import('../features/shop/pages/CheckoutPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/shop/orders': {
    load: () => import('../features/shop/pages/ShopOrdersPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/trade/exchanges': {
    load: () => import('../features/trading/pages/ExchangeAccountsPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/admin/traders': {
    load: () => import('../features/copy/pages/AdminTradersPage.tsx'),
    auth: true,
    admin: true,
    texts: 'trading',
  },
  '/pages/copy/traders': {
    load: () => import('../features/copy/pages/CopyTradersPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/copy/trader': {
    load: () => import('../features/copy/pages/CopyTraderPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/copy/invest': {
    load: () => import('../features/copy/pages/CopyInvestPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/copy/mine': {
    load: () => import('../features/copy/pages/CopyMinePage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/copy/investment': {
    load: () => import('../features/copy/pages/CopyInvestmentPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/copy/fund': {
    load: () => import('../features/copy/pages/CopyFundPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/admin/copy': {
    load: () => import('../features/copy/pages/AdminCopyPage.tsx'),
    auth: true,
    admin: true,
    texts: 'trading',
  },
  '/pages/admin/chain': {
    load: () => import('../features/chain/pages/AdminChainPage.tsx'),
    auth: true,
    admin: true,
    texts: 'chain',
  },
  '/pages/admin/bots': {
    load: () => import('../features/bots/pages/AdminBotsPage.tsx'),
    auth: true,
    admin: true,
    texts: 'trading',
  },
  '/pages/admin/market': {
    load: () => import('../features/trading/pages/AdminMarketPage.tsx'),
    auth: true,
    admin: true,
    texts: 'trading',
  },
  '/pages/Wallet/bonus': { load: () => import('../features/bonus/pages/BonusPage.tsx'), auth: true },
  '/pages/personal/security': {
    load: () => import('../features/security/pages/SecurityPage.tsx'),
    auth: true,
  },
  '/pages/admin/adjust': {
    load: () => import('../features/admin/pages/AdminAdjustBalancePage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/adjustments': {
    load: () => import('../features/admin/pages/AdminAdjustmentsPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/admins': {
    load: () => import('../features/admin/pages/AdminAdminsPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/audit': {
    load: () => import('../features/admin/pages/AdminAuditPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/enrol': {
    load: () => import('../features/admin/pages/AdminEnrolPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/security': {
    load: () => import('../features/security/pages/AdminSecurityEventsPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/ledger': {
    load: () => import('../features/admin/pages/AdminLedgerHealthPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/rate': {
    load: () => import('../features/admin/pages/AdminExchangeRatePage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/airdrop': {
    load: () => import('../features/admin/pages/AdminAirdropPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/unbind': {
    load: () => import('../features/admin/pages/AdminUnbindAddressPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/kyc': {
    load: () => import('../features/kyc/pages/AdminKycPage.tsx'),
    auth: true,
    texts: 'kyc',
    admin: true,
  },
  '/pages/admin/kycdetail': {
    load: () => import('../features/kyc/pages/AdminKycDetailPage.tsx'),
    auth: true,
    texts: 'kyc',
    admin: true,
  },
  '/pages/Mining/packages': {
    load: () => import('../features/mining/pages/PackagesPage.tsx'),
    auth: true,
  },
  '/pages/Mining/package': { load: () => import('../features/mining/pages/PackagePage.tsx'), auth: true },
  '/pages/Mining/orders': { load: () => import('../features/mining/pages/OrdersPage.tsx'), auth: true },
  '/pages/Mining/vouchers': { load: () => import('../features/mining/pages/VouchersPage.tsx'), auth: true },
  '/pages/admin/mining': {
    load: () => import('../features/mining/pages/AdminMiningPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/memberdetail': {
    load: () => import('../features/admin/pages/AdminMemberDetailPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/plan': {
    load: () => import('../features/admin/pages/AdminPlanPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/content': {
    load: () => import('../features/content/pages/AdminContentPage.tsx'),
    auth: true,
    admin: true,
    texts: 'content',
  },
  '/pages/admin/contentedit': {
    load: () => import('../features/content/pages/AdminContentEditPage.tsx'),
    auth: true,
    admin: true,
    texts: 'content',
  },
  '/pages/admin/enquiries': {
    load: () => import('../features/content/pages/AdminEnquiriesPage.tsx'),
    auth: true,
    admin: true,
    texts: 'content',
  },
  '/pages/admin/game': {
    load: () => import('../features/content/pages/AdminGamePage.tsx'),
    auth: true,
    admin: true,
    texts: 'content',
  },
};
