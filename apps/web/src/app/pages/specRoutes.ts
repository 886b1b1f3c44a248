import type { BuiltPage } from './builtPage.ts';

/** The spec routes built so far; every other spec route shows the shared "coming soon" page. */
export const BUILT_PAGES: Record<string, BuiltPage> = {
  '/pages/shop/shop': { load: () => import('../../features/shop/pages/ShopPage.tsx'), texts: 'shop' },
  '/pages/trade/Sales': {
    load: () => import('../../features/shop/pages/SalesPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/trade/summary': {
    load: () => import('../../features/shop/pages/SalesSummaryPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/Inventory/Inventory': {
    load: () => import('../../features/shop/pages/InventoryPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/Inventory/stock': {
    load: () => import('../../features/shop/pages/StockRecordsPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/personal/MyAddress': {
    load: () => import('../../features/shop/pages/MyAddressPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/personal/AddNewAddress': {
    load: () => import('../../features/shop/pages/AddNewAddressPage.tsx'),
    auth: true,
    texts: 'shop',
  },
  '/pages/home/onlinemain': {
    load: () => import('../../features/trading/pages/MarketsPage.tsx'),
    texts: 'trading',
  },
  '/pages/trade/online': {
    load: () => import('../../features/trading/pages/MarketsPage.tsx'),
    texts: 'trading',
  },
  '/pages/trade/demo2': {
    load: () => import('../../features/trading/pages/MarketsPage.tsx'),
    texts: 'trading',
  },
  '/pages/trade/demoExchange': {
    load: () => import('../../features/trading/pages/MarketsPage.tsx'),
    texts: 'trading',
  },
  '/pages/trade/onlinec': {
    load: () => import('../../features/trading/pages/MarketPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/home/Trade': {
    load: () => import('../../features/trading/pages/MarketPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/home/Tradesell': {
    load: () => import('../../features/trading/pages/MarketPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/demo3': {
    load: () => import('../../features/trading/pages/MarketPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/Recordtx': {
    load: () => import('../../features/trading/pages/RecordsPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/History': {
    load: () => import('../../features/trading/pages/RecordsPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/demo4': {
    load: () => import('../../features/trading/pages/RecordsPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/test': {
    load: () => import('../../features/trading/pages/DemoPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/tradeboard': {
    load: () => import('../../features/trading/pages/BoardPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/trademain': {
    load: () => import('../../features/bots/pages/BotsHomePage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/Botlist': {
    load: () => import('../../features/bots/pages/BotListPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/trade2': {
    load: () => import('../../features/bots/pages/BotPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/mytrade': {
    load: () => import('../../features/bots/pages/BotHistoryPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/trade/CustomProgress': {
    load: () => import('../../features/trading/pages/ChallengePage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/home/home': { load: () => import('../../features/content/pages/HomePage.tsx') },
  '/pages/login/login': { load: () => import('../../features/auth/pages/LoginPage.tsx') },
  '/pages/register/register': { load: () => import('../../features/auth/pages/RegisterPage.tsx') },
  '/pages/forgotpassword/forgotpassword': {
    load: () => import('../../features/auth/pages/ForgotPasswordPage.tsx'),
  },
  '/pages/personal/personal': { load: () => import('../../features/members/pages/MePage.tsx'), auth: true },
  '/pages/personal/profile': {
    load: () => import('../../features/members/pages/ProfilePage.tsx'),
    auth: true,
  },
  '/pages/personal/AccountSetting': {
    load: () => import('../../features/members/pages/AccountSettingPage.tsx'),
    auth: true,
  },
  '/pages/personal/LoginPassword': {
    load: () => import('../../features/members/pages/LoginPasswordPage.tsx'),
    auth: true,
  },
  '/pages/personal/TransactionPassword': {
    load: () => import('../../features/members/pages/TransactionPasswordPage.tsx'),
    auth: true,
  },
  '/pages/personal/lang': { load: () => import('../../features/members/pages/LanguagePage.tsx') },
  '/pages/personal/trader': {
    load: () => import('../../features/copy/pages/TraderPage.tsx'),
    auth: true,
    texts: 'trading',
  },
  '/pages/personal/AboutUs': {
    load: () => import('../../features/members/pages/AboutUsPage.tsx'),
    texts: 'content',
  },
  // The wallet pages say which wallet pays and move deposits to the funds wallet: those texts are `chain`'s.
  '/pages/Wallet/Wallet': {
    load: () => import('../../features/wallet/pages/WalletPage.tsx'),
    auth: true,
    texts: 'chain',
  },
  // Transfer, exchange and airdrop are tabs of this page (`?type=transfer|exchange|airdrop`).
  '/pages/Wallet/CurrencyOther': {
    load: () => import('../../features/wallet/pages/CurrencyOtherPage.tsx'),
    auth: true,
    texts: 'chain',
  },
  '/pages/Wallet/Other_History': {
    load: () => import('../../features/wallet/pages/HistoryPage.tsx'),
    auth: true,
  },
  '/pages/Wallet/menuTOPUP': {
    load: () => import('../../features/chain/pages/TopupPage.tsx'),
    auth: true,
    texts: 'chain',
  },
  '/pages/Wallet/menuWithdraw': {
    load: () => import('../../features/withdraw/pages/WithdrawPage.tsx'),
    auth: true,
    texts: 'chain',
  },
  '/pages/personal/WithdrawAdress': {
    load: () => import('../../features/withdraw/pages/WithdrawAddressPage.tsx'),
    auth: true,
  },
  '/pages/admin/admin': {
    load: () => import('../../features/admin/pages/AdminHomePage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/wd': {
    load: () => import('../../features/admin/pages/AdminWithdrawalsPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/home/NameVerification': {
    load: () => import('../../features/kyc/pages/NameVerificationPage.tsx'),
    auth: true,
    texts: 'kyc',
  },
  '/pages/Mining/AssetIncome': {
    load: () => import('../../features/mining/pages/AssetIncomePage.tsx'),
    auth: true,
  },
  '/pages/Mining/IncomeHistory': {
    load: () => import('../../features/mining/pages/IncomeHistoryPage.tsx'),
    auth: true,
  },
  '/pages/Mining/IncomeHistory2': {
    load: () => import('../../features/mining/pages/IncomeHistory2Page.tsx'),
    auth: true,
  },
  '/pages/personal/tree': {
    load: () => import('../../features/network/pages/TreePage.tsx'),
    auth: true,
    texts: 'network',
  },
  '/pages/personal/MyTeam2': {
    load: () => import('../../features/network/pages/MyTeamPage.tsx'),
    auth: true,
    texts: 'network',
  },
  '/pages/personal/MyAffiliates': {
    load: () => import('../../features/network/pages/MyAffiliatesPage.tsx'),
    auth: true,
    texts: 'network',
  },
  '/pages/personal/MyUnit': {
    load: () => import('../../features/network/pages/MyUnitPage.tsx'),
    auth: true,
    texts: 'network',
  },
  '/pages/personal/InviteFriend': {
    load: () => import('../../features/network/pages/InviteFriendPage.tsx'),
    auth: true,
    texts: 'network',
  },
  '/pages/admin/member': {
    load: () => import('../../features/admin/pages/AdminMembersPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/admin/search': {
    load: () => import('../../features/admin/pages/AdminMemberSearchPage.tsx'),
    auth: true,
    admin: true,
  },
  '/pages/home/HomegetAllNews': {
    load: () => import('../../features/content/pages/NewsListPage.tsx'),
    texts: 'content',
  },
  '/pages/home/HomeshowOneNews': {
    load: () => import('../../features/content/pages/ArticlePage.tsx'),
    texts: 'content',
  },
  '/pages/home/HelpCenter': {
    load: () => import('../../features/content/pages/HelpCenterPage.tsx'),
    texts: 'content',
  },
  '/pages/home/BeginnersGuide': {
    load: () => import('../../features/content/pages/GuidePage.tsx'),
    texts: 'content',
  },
  '/pages/home/BeginnersGuide2': {
    load: () => import('../../features/content/pages/GuideStepPage.tsx'),
    texts: 'content',
  },
  '/pages/home/TrainingDetails': {
    load: () => import('../../features/content/pages/TrainingPage.tsx'),
    texts: 'content',
  },
  '/pages/home/video': { load: () => import('../../features/content/pages/VideoPage.tsx'), texts: 'content' },
  '/pages/home/webView': {
    load: () => import('../../features/content/pages/WebViewPage.tsx'),
    texts: 'content',
  },
  '/choose-location': {
    load: () => import('../../features/shop/pages/ChooseLocationPage.tsx'),
    texts: 'shop',
  },
  '/open-location': {
    load: () => import('../../features/shop/pages/OpenLocationPage.tsx'),
    texts: 'shop',
  },
  '/preview-image': {
    load: () => import('../../features/content/pages/PreviewImagePage.tsx'),
    texts: 'content',
  },
  '/pages/Intro': { load: () => import('../../features/content/pages/IntroPage.tsx'), texts: 'content' },
  '/pages/personal/Promo': {
    load: () => import('../../features/content/pages/PromoPage.tsx'),
    auth: true,
    texts: 'content',
  },
  '/pages/personal/CustomerService': {
    load: () => import('../../features/content/pages/CustomerServicePage.tsx'),
    auth: true,
    texts: 'content',
  },
  '/pages/personal/CSHistory': {
    load: () => import('../../features/content/pages/CSHistoryPage.tsx'),
    auth: true,
    texts: 'content',
  },
  '/pages/Game/game': {
    load: () => import('../../features/content/pages/GamePage.tsx'),
    auth: true,
    texts: 'content',
  },
};
