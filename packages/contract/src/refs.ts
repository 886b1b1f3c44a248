// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from './call.ts';
import type * as adminMoney from './calls/admin-money.ts';
import type * as adminNetwork from './calls/admin-network.ts';
import type * as auth from './calls/auth.ts';
import type * as content from './calls/content.ts';
import type * as kyc from './calls/kyc.ts';
import type * as member from './calls/member.ts';
import type * as mining from './calls/mining.ts';
import type * as network from './calls/network.ts';
import type * as shop from './calls/shop.ts';
import type * as system from './calls/system.ts';
import type * as trading from './calls/trading.ts';
import type * as transfer from './calls/transfer.ts';
import type * as wallet from './calls/wallet.ts';
import type * as withdraw from './calls/withdraw.ts';

export const adminAdjustBalance: CallRef<typeof adminMoney.adminAdjustBalance> = {
  name: 'Admin/adjustbalance',
  method: 'POST',
};
export const adminAirdropCampaign: CallRef<typeof adminMoney.adminAirdropCampaign> = {
  name: 'Admin/airdropcampaign',
  method: 'POST',
};
export const adminAirdropCampaigns: CallRef<typeof adminMoney.adminAirdropCampaigns> = {
  name: 'Admin/airdropcampaigns',
  method: 'POST',
};
export const adminLedgerHealth: CallRef<typeof adminMoney.adminLedgerHealth> = {
  name: 'Admin/ledgerhealth',
  method: 'POST',
};
export const adminSetExchangeRate: CallRef<typeof adminMoney.adminSetExchangeRate> = {
  name: 'Admin/setexchangerate',
  method: 'POST',
};
export const totpDisable: CallRef<typeof adminMoney.totpDisable> = {
  name: 'Member/totpdisable',
  method: 'POST',
};
export const totpEnable: CallRef<typeof adminMoney.totpEnable> = {
  name: 'Member/totpenable',
  method: 'POST',
};
export const totpSetup: CallRef<typeof adminMoney.totpSetup> = { name: 'Member/totpsetup', method: 'POST' };
export const totpStatus: CallRef<typeof adminMoney.totpStatus> = {
  name: 'Member/totpstatus',
  method: 'POST',
};
export const adminDashboard: CallRef<typeof adminNetwork.adminDashboard> = {
  name: 'Admin/dashboard',
  method: 'POST',
};
export const adminMemberDetail: CallRef<typeof adminNetwork.adminMemberDetail> = {
  name: 'Admin/memberdetail',
  method: 'POST',
};
export const adminMemberList: CallRef<typeof adminNetwork.adminMemberList> = {
  name: 'Admin/memlist',
  method: 'POST',
};
export const adminMemberStatus: CallRef<typeof adminNetwork.adminMemberStatus> = {
  name: 'Admin/memberstatus',
  method: 'POST',
};
export const adminPlan: CallRef<typeof adminNetwork.adminPlan> = { name: 'Admin/plan', method: 'POST' };
export const adminPlanPreview: CallRef<typeof adminNetwork.adminPlanPreview> = {
  name: 'Admin/planpreview',
  method: 'POST',
};
export const adminPlanSave: CallRef<typeof adminNetwork.adminPlanSave> = {
  name: 'Admin/plansave',
  method: 'POST',
};
export const checkPlacementId: CallRef<typeof auth.checkPlacementId> = {
  name: 'Logon/checkplacementid',
  method: 'POST',
};
export const checkSponsorId: CallRef<typeof auth.checkSponsorId> = {
  name: 'logon/checksponsorid',
  method: 'POST',
};
export const checkUserid: CallRef<typeof auth.checkUserid> = { name: 'logon/checkuserid', method: 'POST' };
export const getAnnouncement: CallRef<typeof auth.getAnnouncement> = {
  name: 'Logon/getAnnouncement',
  method: 'POST',
};
export const getSmsVerification: CallRef<typeof auth.getSmsVerification> = {
  name: 'Logon/getsmsverification',
  method: 'POST',
};
export const getTelPrefix: CallRef<typeof auth.getTelPrefix> = { name: 'logon/getTelPrefix', method: 'POST' };
export const login: CallRef<typeof auth.login> = { name: 'Logon/login', method: 'POST' };
export const logout: CallRef<typeof auth.logout> = { name: 'Logon/logout', method: 'POST' };
export const resetPassword: CallRef<typeof auth.resetPassword> = {
  name: 'logon/resetPassword',
  method: 'POST',
};
export const resetPasswordCode: CallRef<typeof auth.resetPasswordCode> = {
  name: 'logon/resetPasswordCode',
  method: 'POST',
};
export const signupSave: CallRef<typeof auth.signupSave> = { name: 'Signup/signupsave', method: 'POST' };
export const adminContentDelete: CallRef<typeof content.adminContentDelete> = {
  name: 'Admin/contentdelete',
  method: 'POST',
};
export const adminContentDetail: CallRef<typeof content.adminContentDetail> = {
  name: 'Admin/contentdetail',
  method: 'POST',
};
export const adminContentList: CallRef<typeof content.adminContentList> = {
  name: 'Admin/contentlist',
  method: 'POST',
};
export const adminEnquiryClose: CallRef<typeof content.adminEnquiryClose> = {
  name: 'Admin/enquiryclose',
  method: 'POST',
};
export const adminEnquiryList: CallRef<typeof content.adminEnquiryList> = {
  name: 'Admin/enquirylist',
  method: 'POST',
};
export const adminEnquiryReply: CallRef<typeof content.adminEnquiryReply> = {
  name: 'Admin/enquiryreply',
  method: 'POST',
};
export const adminGameSettings: CallRef<typeof content.adminGameSettings> = {
  name: 'Admin/gamesettings',
  method: 'POST',
};
export const adminNewsSave: CallRef<typeof content.adminNewsSave> = {
  name: 'Admin/newssave',
  method: 'POST',
};
export const adminUpload: CallRef<typeof content.adminUpload> = {
  name: 'Admin/upload',
  method: 'POST',
  multipart: true,
};
export const checkXmlNews: CallRef<typeof content.checkXmlNews> = {
  name: 'Logon/checkxmlnews',
  method: 'POST',
};
export const clickCount: CallRef<typeof content.clickCount> = { name: 'Home/clickCount', method: 'POST' };
export const contentList: CallRef<typeof content.contentList> = { name: 'Content/list', method: 'POST' };
export const enquiryFollowUp: CallRef<typeof content.enquiryFollowUp> = {
  name: 'Member/enquiryfollowup',
  method: 'POST',
};
export const enquiryImage: CallRef<typeof content.enquiryImage> = {
  name: 'Member/enquiryimage',
  method: 'POST',
};
export const gameCheckin: CallRef<typeof content.gameCheckin> = { name: 'Game/checkin', method: 'POST' };
export const gameStatus: CallRef<typeof content.gameStatus> = { name: 'Game/status', method: 'POST' };
export const getAllFiles: CallRef<typeof content.getAllFiles> = { name: 'Home/getAllFiles', method: 'POST' };
export const getAllNews: CallRef<typeof content.getAllNews> = { name: 'Home/getAllNews', method: 'POST' };
export const getNewsTitle: CallRef<typeof content.getNewsTitle> = {
  name: 'Home/getNewsTitle',
  method: 'POST',
};
export const homeCoin: CallRef<typeof content.homeCoin> = { name: 'Main/homecoin', method: 'POST' };
export const promo: CallRef<typeof content.promo> = { name: 'Member/Promo', method: 'POST' };
export const sendEnquiries: CallRef<typeof content.sendEnquiries> = {
  name: 'Member/sendEnquiries',
  method: 'POST',
  multipart: true,
};
export const showEmailHistory: CallRef<typeof content.showEmailHistory> = {
  name: 'Member/showEmailHistory',
  method: 'POST',
};
export const showLatestNews: CallRef<typeof content.showLatestNews> = {
  name: 'Main/showLatestNews',
  method: 'POST',
};
export const showOneNews: CallRef<typeof content.showOneNews> = { name: 'Home/showOneNews', method: 'POST' };
export const sliderImgs: CallRef<typeof content.sliderImgs> = { name: 'Main/sliderImgs', method: 'POST' };
export const adminKycDetail: CallRef<typeof kyc.adminKycDetail> = { name: 'Admin/kycdetail', method: 'POST' };
export const adminKycList: CallRef<typeof kyc.adminKycList> = { name: 'Admin/kyclist', method: 'POST' };
export const adminKycReview: CallRef<typeof kyc.adminKycReview> = { name: 'Admin/kycreview', method: 'POST' };
export const checkIdTypeNo: CallRef<typeof kyc.checkIdTypeNo> = {
  name: 'Home/checkIDTypeNo',
  method: 'POST',
};
export const checkKycStatus: CallRef<typeof kyc.checkKycStatus> = {
  name: 'Home/checkKycStatus',
  method: 'POST',
};
export const getCountry: CallRef<typeof kyc.getCountry> = { name: 'Home/getCountry', method: 'POST' };
export const kycImage: CallRef<typeof kyc.kycImage> = { name: 'Home/kycimage', method: 'POST' };
export const submitKyc: CallRef<typeof kyc.submitKyc> = {
  name: 'Home/submitKYC',
  method: 'POST',
  multipart: true,
};
export const adminOutbox: CallRef<typeof member.adminOutbox> = { name: 'Admin/outbox', method: 'POST' };
export const adminSetPassword: CallRef<typeof member.adminSetPassword> = {
  name: 'Admin/setmemberpassword',
  method: 'POST',
};
export const getProfile: CallRef<typeof member.getProfile> = { name: 'Member/getprofile', method: 'POST' };
export const getVerificationCode: CallRef<typeof member.getVerificationCode> = {
  name: 'Member/getVerificationCode',
  method: 'POST',
};
export const updateProfile: CallRef<typeof member.updateProfile> = {
  name: 'Member/updateprofile',
  method: 'POST',
};
export const updatePwd: CallRef<typeof member.updatePwd> = { name: 'member/updatepwd', method: 'POST' };
export const updateTransactionPwd: CallRef<typeof member.updateTransactionPwd> = {
  name: 'member/updateTransactionPwd',
  method: 'POST',
};
export const activatePreview: CallRef<typeof mining.activatePreview> = {
  name: 'Mining/ActivatePreview',
  method: 'POST',
};
export const adminJobRuns: CallRef<typeof mining.adminJobRuns> = { name: 'Admin/jobruns', method: 'POST' };
export const adminPackageList: CallRef<typeof mining.adminPackageList> = {
  name: 'Admin/packagelist',
  method: 'POST',
};
export const adminPackageSave: CallRef<typeof mining.adminPackageSave> = {
  name: 'Admin/packagesave',
  method: 'POST',
};
export const adminRunJob: CallRef<typeof mining.adminRunJob> = { name: 'Admin/runjob', method: 'POST' };
export const adminVoucherIssue: CallRef<typeof mining.adminVoucherIssue> = {
  name: 'Admin/voucherissue',
  method: 'POST',
};
export const allPackages: CallRef<typeof mining.allPackages> = { name: 'Mining/allPackages', method: 'POST' };
export const buyProductPreview: CallRef<typeof mining.buyProductPreview> = {
  name: 'Asset/BuyProductPreview',
  method: 'POST',
};
export const buyProductSave: CallRef<typeof mining.buyProductSave> = {
  name: 'Asset/BuyProductSave',
  method: 'POST',
};
export const cmsPackages: CallRef<typeof mining.cmsPackages> = { name: 'Main/cmsPackages', method: 'POST' };
export const getInfoB: CallRef<typeof mining.getInfoB> = { name: 'Mining/getinfob', method: 'POST' };
export const getVouchers: CallRef<typeof mining.getVouchers> = { name: 'Member/getVouchers', method: 'POST' };
export const gInfo: CallRef<typeof mining.gInfo> = { name: 'Mining/ginfo', method: 'POST' };
export const incomeHistory: CallRef<typeof mining.incomeHistory> = {
  name: 'Mining/incomehistory',
  method: 'POST',
};
export const incomeSummary: CallRef<typeof mining.incomeSummary> = {
  name: 'Mining/incomesummary',
  method: 'POST',
};
export const orderHistory: CallRef<typeof mining.orderHistory> = {
  name: 'Member/OrderHistory',
  method: 'POST',
};
export const packageSubMenu: CallRef<typeof mining.packageSubMenu> = {
  name: 'Mining/packageSubMenu',
  method: 'POST',
};
export const addFavorite: CallRef<typeof network.addFavorite> = { name: 'Tree/addfavorite', method: 'POST' };
export const downlineList: CallRef<typeof network.downlineList> = {
  name: 'member/downlinelist',
  method: 'POST',
};
export const downlineList2: CallRef<typeof network.downlineList2> = {
  name: 'member/downlinelist2',
  method: 'POST',
};
export const fiveLevel: CallRef<typeof network.fiveLevel> = { name: 'Member/fivelevel', method: 'POST' };
export const getTree: CallRef<typeof network.getTree> = { name: 'Tree/gettree', method: 'POST' };
export const groupInfo2: CallRef<typeof network.groupInfo2> = { name: 'Tree/getgroupinfo2', method: 'POST' };
export const invitationCode: CallRef<typeof network.invitationCode> = {
  name: 'member/invitationcode',
  method: 'POST',
};
export const placementTree: CallRef<typeof network.placementTree> = {
  name: 'Member/PlacementTree',
  method: 'POST',
};
export const searchDownline: CallRef<typeof network.searchDownline> = {
  name: 'member/searchdownline',
  method: 'POST',
};
export const searchMember: CallRef<typeof network.searchMember> = {
  name: 'Member/searchmember',
  method: 'POST',
};
export const searchUserid: CallRef<typeof network.searchUserid> = {
  name: 'Member/searchuserid',
  method: 'POST',
};
export const showFavorite2: CallRef<typeof network.showFavorite2> = {
  name: 'Tree/showfavorite2',
  method: 'POST',
};
export const unfavorite: CallRef<typeof network.unfavorite> = { name: 'Tree/unfavorite', method: 'POST' };
export const addressDelete: CallRef<typeof shop.addressDelete> = {
  name: 'Member/addressdelete',
  method: 'POST',
};
export const addressList: CallRef<typeof shop.addressList> = { name: 'Member/addresslist', method: 'POST' };
export const addressSave: CallRef<typeof shop.addressSave> = { name: 'Member/addresssave', method: 'POST' };
export const adminProductList: CallRef<typeof shop.adminProductList> = {
  name: 'Admin/productlist',
  method: 'POST',
};
export const adminProductSave: CallRef<typeof shop.adminProductSave> = {
  name: 'Admin/productsave',
  method: 'POST',
};
export const adminShopOrders: CallRef<typeof shop.adminShopOrders> = {
  name: 'Admin/shoporders',
  method: 'POST',
};
export const adminShopOrderUpdate: CallRef<typeof shop.adminShopOrderUpdate> = {
  name: 'Admin/shoporderupdate',
  method: 'POST',
};
export const buyProductPreview2: CallRef<typeof shop.buyProductPreview2> = {
  name: 'Asset/BuyProductPreview2',
  method: 'POST',
};
export const buyProductSave2: CallRef<typeof shop.buyProductSave2> = {
  name: 'Asset/BuyProductSave2',
  method: 'POST',
};
export const cartSave: CallRef<typeof shop.cartSave> = { name: 'Shop/cartsave', method: 'POST' };
export const getDeliver: CallRef<typeof shop.getDeliver> = { name: 'Member/getdeliver', method: 'POST' };
export const getFilterType: CallRef<typeof shop.getFilterType> = {
  name: 'Member/getFilterType',
  method: 'POST',
};
export const getStock: CallRef<typeof shop.getStock> = { name: 'Inventory/getstock', method: 'POST' };
export const infoPool: CallRef<typeof shop.infoPool> = { name: 'member/getinfopool', method: 'POST' };
export const inventoryIndex: CallRef<typeof shop.inventoryIndex> = {
  name: 'Inventory/Inventoryindex',
  method: 'POST',
};
export const inventoryRedeem: CallRef<typeof shop.inventoryRedeem> = {
  name: 'Inventory/redeem',
  method: 'POST',
};
export const inventoryStock: CallRef<typeof shop.inventoryStock> = {
  name: 'Inventory/stock',
  method: 'POST',
};
export const inventoryTransferCheck: CallRef<typeof shop.inventoryTransferCheck> = {
  name: 'Inventory/transfer',
  method: 'POST',
};
export const inventoryTransferSave: CallRef<typeof shop.inventoryTransferSave> = {
  name: 'Inventory/transfersave',
  method: 'POST',
};
export const latestSales: CallRef<typeof shop.latestSales> = { name: 'Member/Lastestsales', method: 'POST' };
export const memberCartList: CallRef<typeof shop.memberCartList> = {
  name: 'Member/membercartlist',
  method: 'POST',
};
export const memberSales: CallRef<typeof shop.memberSales> = { name: 'Member/memberSales', method: 'POST' };
export const salesSummary: CallRef<typeof shop.salesSummary> = { name: 'Member/csummary', method: 'POST' };
export const shopOrders: CallRef<typeof shop.shopOrders> = { name: 'Shop/orders', method: 'POST' };
export const shopProduct: CallRef<typeof shop.shopProduct> = { name: 'Shop/product', method: 'POST' };
export const shopProducts: CallRef<typeof shop.shopProducts> = { name: 'Shop/products', method: 'POST' };
export const stockMenu: CallRef<typeof shop.stockMenu> = { name: 'Inventory/stockmenu', method: 'POST' };
export const stockRecord: CallRef<typeof shop.stockRecord> = {
  name: 'Inventory/stockrecord',
  method: 'POST',
};
export const checkVersion: CallRef<typeof system.checkVersion> = {
  name: 'index/check_version',
  method: 'GET',
};
export const downloadUrl: CallRef<typeof system.downloadUrl> = { name: 'index/downloadurl', method: 'GET' };
export const getData: CallRef<typeof system.getData> = { name: 'Index/getdata', method: 'GET' };
export const getInfoC: CallRef<typeof system.getInfoC> = { name: 'Member/getinfoc', method: 'GET' };
export const adminMarketSettings: CallRef<typeof trading.adminMarketSettings> = {
  name: 'Admin/marketsettings',
  method: 'POST',
};
export const candles: CallRef<typeof trading.candles> = { name: 'Online/candles', method: 'POST' };
export const closeOrder: CallRef<typeof trading.closeOrder> = { name: 'Online/CloseOrder', method: 'POST' };
export const demoBalance: CallRef<typeof trading.demoBalance> = { name: 'Trade/demobalance', method: 'POST' };
export const demoChallenge: CallRef<typeof trading.demoChallenge> = {
  name: 'Trade/challenge',
  method: 'POST',
};
export const demoReset: CallRef<typeof trading.demoReset> = { name: 'Trade/demoreset', method: 'POST' };
export const getcMarket: CallRef<typeof trading.getcMarket> = { name: 'Online/GetcMarket', method: 'POST' };
export const marketInfo: CallRef<typeof trading.marketInfo> = { name: 'Online/marketinfo', method: 'POST' };
export const openOrders: CallRef<typeof trading.openOrders> = { name: 'Online/openorders', method: 'POST' };
export const recordTx: CallRef<typeof trading.recordTx> = { name: 'Tradetx/Recordtx', method: 'POST' };
export const saveOrder: CallRef<typeof trading.saveOrder> = { name: 'Online/SaveOrder', method: 'POST' };
export const searchCoin: CallRef<typeof trading.searchCoin> = { name: 'Online/SearchCoin', method: 'POST' };
export const tradeBoard: CallRef<typeof trading.tradeBoard> = { name: 'Tradetx/summary', method: 'POST' };
export const tradeOrderHistory: CallRef<typeof trading.tradeOrderHistory> = {
  name: 'Tradetx/Recordtx2',
  method: 'POST',
};
export const tradingAccountDelete: CallRef<typeof trading.tradingAccountDelete> = {
  name: 'Online/accountdelete',
  method: 'POST',
};
export const tradingAccounts: CallRef<typeof trading.tradingAccounts> = {
  name: 'Online/accounts',
  method: 'POST',
};
export const tradingAccountSave: CallRef<typeof trading.tradingAccountSave> = {
  name: 'Online/accountsave',
  method: 'POST',
};
export const airdropMenu: CallRef<typeof transfer.airdropMenu> = { name: 'Asset/airdrop', method: 'POST' };
export const airdropSave: CallRef<typeof transfer.airdropSave> = {
  name: 'Asset/airdropsave',
  method: 'POST',
};
export const checkAirdropUser: CallRef<typeof transfer.checkAirdropUser> = {
  name: 'Asset/checkairdropuser',
  method: 'POST',
};
export const checkTransferUser: CallRef<typeof transfer.checkTransferUser> = {
  name: 'asset/checktransferuser',
  method: 'POST',
};
export const exchangeMenu: CallRef<typeof transfer.exchangeMenu> = {
  name: 'Asset/exchangemenu',
  method: 'POST',
};
export const exchangeQuote: CallRef<typeof transfer.exchangeQuote> = {
  name: 'Asset/exchange_usdt',
  method: 'POST',
};
export const exchangeSave: CallRef<typeof transfer.exchangeSave> = {
  name: 'Asset/exchangesave_usdt',
  method: 'POST',
};
export const transferMenu: CallRef<typeof transfer.transferMenu> = { name: 'asset/transfer', method: 'POST' };
export const transferSave: CallRef<typeof transfer.transferSave> = {
  name: 'asset/transfersave',
  method: 'POST',
};
export const bonusRecord: CallRef<typeof wallet.bonusRecord> = { name: 'asset/bonusrecord', method: 'POST' };
export const bonusSummary: CallRef<typeof wallet.bonusSummary> = {
  name: 'asset/bonussummary',
  method: 'POST',
};
export const coinMenu: CallRef<typeof wallet.coinMenu> = { name: 'asset/coinmenu', method: 'POST' };
export const getBankList: CallRef<typeof wallet.getBankList> = { name: 'Member/getbanklist', method: 'POST' };
export const getCoin: CallRef<typeof wallet.getCoin> = { name: 'asset/getcoin', method: 'POST' };
export const getWalletBalance: CallRef<typeof wallet.getWalletBalance> = {
  name: 'Asset/getwalletbalance',
  method: 'POST',
};
export const getXToken: CallRef<typeof wallet.getXToken> = { name: 'Asset/getxtoken', method: 'POST' };
export const searchBonusRecord: CallRef<typeof wallet.searchBonusRecord> = {
  name: 'Asset/searchBonusrecord',
  method: 'POST',
};
export const walletDetail: CallRef<typeof wallet.walletDetail> = { name: 'asset/index3', method: 'POST' };
export const walletOverview: CallRef<typeof wallet.walletOverview> = { name: 'asset/index2', method: 'POST' };
export const walletRecord: CallRef<typeof wallet.walletRecord> = {
  name: 'asset/walletrecord',
  method: 'POST',
};
export const walletRecord2: CallRef<typeof wallet.walletRecord2> = {
  name: 'asset/walletrecord2',
  method: 'POST',
};
export const walletRecord3: CallRef<typeof wallet.walletRecord3> = {
  name: 'asset/walletrecord3',
  method: 'POST',
};
export const adminApproveWd: CallRef<typeof withdraw.adminApproveWd> = {
  name: 'Admin/AdminApprovewd',
  method: 'POST',
};
export const adminUnbindAddress: CallRef<typeof withdraw.adminUnbindAddress> = {
  name: 'Admin/unbindaddress',
  method: 'POST',
};
export const adminWdList: CallRef<typeof withdraw.adminWdList> = { name: 'Admin/wdlist', method: 'POST' };
export const getCAddress: CallRef<typeof withdraw.getCAddress> = {
  name: 'member/getcaddress',
  method: 'POST',
};
export const getCRAddress: CallRef<typeof withdraw.getCRAddress> = {
  name: 'Member/getcraddress',
  method: 'POST',
};
export const showWithdrawAddress: CallRef<typeof withdraw.showWithdrawAddress> = {
  name: 'Asset/showWithdrawAddress',
  method: 'POST',
};
export const updateCAddress: CallRef<typeof withdraw.updateCAddress> = {
  name: 'member/updatecaddress',
  method: 'POST',
};
export const withdrawAddressType: CallRef<typeof withdraw.withdrawAddressType> = {
  name: 'Member/withdrawAddressType',
  method: 'POST',
};
export const withdrawHistory: CallRef<typeof withdraw.withdrawHistory> = {
  name: 'Asset/withdrawlist',
  method: 'POST',
};
export const withdrawMenu: CallRef<typeof withdraw.withdrawMenu> = {
  name: 'asset/withdrawmenu',
  method: 'POST',
};
export const withdrawNote: CallRef<typeof withdraw.withdrawNote> = {
  name: 'Asset/withdrawNote',
  method: 'POST',
};
export const withdrawPreview: CallRef<typeof withdraw.withdrawPreview> = {
  name: 'asset/withdraw',
  method: 'POST',
};
export const withdrawSave: CallRef<typeof withdraw.withdrawSave> = {
  name: 'asset/withdrawsave',
  method: 'POST',
};
