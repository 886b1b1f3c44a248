/** Business constants from the specification (section 9). Each appears here once. */
export const LANGUAGES = ['en-US', 'zh-CN', 'bm-MY'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export const USERNAME_MIN = 5;
export const USERNAME_MAX = 15;
/** Letters and digits only, 5 to 15 of them. */
export const USERNAME_RE = /^[A-Za-z0-9]{5,15}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

export const MIN_WITHDRAWAL_USD = '20';
/** Withdrawal fee in basis points of the amount: 5%. */
export const WITHDRAWAL_FEE_BPS = 500;
export const DEPOSIT_CONFIRMATIONS = 6;

export const TAC_LENGTH = 6;
export const TAC_TTL_SECONDS = 600;
export const TAC_MAX_WRONG_TRIES = 5;
export const TAC_RESEND_SECONDS = 60;

export const PULL_THRESHOLD_PX = 80;
export const BACK_TO_TOP_PX = 1000;
export const LAZY_DELAY_MS = 200;
export const LAZY_TIMEOUT_MS = 60_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const TEXT_FILTER_MAX = 15;
export const TOAST_MS = 2000;
export const EXIT_DOUBLE_PRESS_MS = 2000;

export const TAB_COLOR = '#4d4d4d';
export const TAB_COLOR_SELECTED = '#000000';
export const NAV_COLOR = '#ffaa00';

export const RANKS = ['Fans', 'Analyst', 'Developer', 'Operator', 'Investor'] as const;
export type Rank = (typeof RANKS)[number];
export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const SIDES = ['L', 'R'] as const;
export type Side = (typeof SIDES)[number];

export const TAB_SETS = {
  four: ['home', 'shop', 'wallet', 'me'],
  six: ['home', 'mining', 'wallet', 'market', 'me', 'defi'],
} as const;
export type TabSetName = keyof typeof TAB_SETS;

/** Cuts text over 15 characters to the first 15 plus an ellipsis (spec section 9). */
export function textFilter(text: string, max = TEXT_FILTER_MAX): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** Assets and their minor-unit decimals: 1 USDT is 1_000_000 minor units. */
export const ASSETS = {
  USDT: { decimals: 6, name: 'Tether USD' },
  XT: { decimals: 6, name: 'X Token' },
  RP: { decimals: 2, name: 'Registration points' },
  DP: { decimals: 2, name: 'Deposit points' },
} as const;
export type AssetCode = keyof typeof ASSETS;
export const ASSET_CODES = Object.keys(ASSETS) as AssetCode[];
/** The platform token. */
export const PLATFORM_TOKEN: AssetCode = 'XT';

/** A member's wallets and the assets each may hold. */
export const WALLETS = {
  deposit: ['USDT'],
  trading: ['USDT'],
  reward: ['USDT'],
  funds: ['USDT', 'XT'],
  registration_points: ['RP'],
  deposit_points: ['DP'],
} as const satisfies Record<string, readonly AssetCode[]>;
export type WalletKind = keyof typeof WALLETS;
export const WALLET_KINDS = Object.keys(WALLETS) as WalletKind[];

export function walletHolds(wallet: WalletKind, asset: AssetCode): boolean {
  return (WALLETS[wallet] as readonly AssetCode[]).includes(asset);
}

/** Withdrawal networks a member can bind an address for. */
export const ADDRESS_TYPES = ['USDT-TRC20', 'USDT-ERC20', 'USDT-BEP20'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/**
 * How approved withdrawals to a network are paid: `automatic` sends them from the hot wallet of the chain the
 * server is configured for; `manual` leaves them "to be paid by hand" until an admin records the transaction hash.
 */
export const PAYOUT_MODES = ['automatic', 'manual'] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

/**
 * Limits of automatic payouts (USDT paid out from the hot wallet; settings): one payout above the first, or a day's
 * payouts (UTC) above the second, waits for a second finance or owner admin.
 */
export const DEFAULT_PAYOUT_LIMIT_PER_WITHDRAWAL_USDT = '5000';
export const DEFAULT_PAYOUT_LIMIT_DAILY_USDT = '20000';
/** A withdrawal waiting this many hours for a decision or for its payment by hand shows on the admin dashboard. */
export const DEFAULT_WITHDRAWAL_WAIT_ALERT_HOURS = 24;

export const BONUS_TYPES = ['sponsor', 'pairing', 'level'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** Body `status`: 1 success, 0 refused or failed, -9 session missing, expired or revoked. */
export const STATUS_OK = 1;
export const STATUS_FAIL = 0;
export const STATUS_SESSION = -9;

export type FieldError = { field: string; message: string };

/* The bonus plan (admin-network calls). */
/** First pair 2:1 (either way) then 1:1, or 1:1 from the start. */
export const PAIR_RATIOS = ['1:1', '2:1'] as const;
/** What happens to pairs beyond the daily cap: their volume is flushed, or kept on both legs for later days. */
export const CAP_EXCESS_MODES = ['flush', 'carry'] as const;
/** USDT wallets a bonus may be paid into. */
export const BONUS_WALLETS = ['reward', 'deposit', 'trading', 'funds'] as const;
/** The ranks above Fans, in order; each needs all three of its thresholds. */
export const QUALIFYING_RANKS = RANKS.slice(1) as Exclude<(typeof RANKS)[number], 'Fans'>[];

/* Identity verification (kyc calls). */
export const KYC_ID_TYPES = ['IC', 'Passport', 'License'] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];
export const KYC_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type KycState = (typeof KYC_STATES)[number];
export const KYC_SIDES = ['front', 'back', 'holding'] as const;
export type KycSide = (typeof KYC_SIDES)[number];
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Each picture at most 5 MB (the server's multipart limit is the same). */
export const KYC_MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/* Member calls. */
export const TAC_PURPOSES = ['tx_password', 'profile', 'withdraw_address', 'withdraw'] as const;

/* Cloud mining (mining calls). */
/** Wallets a mining purchase may be paid from (USDT). */
export const MINING_PAYMENT_WALLETS = ['funds', 'deposit'] as const;
/** Days after the payment date when an order starts mining, unless the package says otherwise. */
export const MINING_DEFAULT_START_DELAY_DAYS = 1;
/** Daily jobs an admin can run for a date (`Admin/runjob`); `reserves` takes that day's proof-of-reserves snapshot. */
export const DAILY_JOBS = ['mining_income', 'pairing', 'retention', 'reserves'] as const;
export const MINING_ORDER_STATES = ['pending', 'mining', 'ended'] as const;
export const VOUCHER_STATES = ['available', 'used', 'expired'] as const;
/** Days of daily income the income screen's chart shows. */
export const MINING_CHART_DAYS = 30;

/* The network (network calls). */
/** Levels a tree screen loads at once (the member expands further by tapping a node). */
export const TREE_LEVELS_DEFAULT = 3;
export const TREE_LEVELS_MAX = 4;
/** Sponsor levels shown by `Member/fivelevel` and paid by the level bonus. */
export const SPONSOR_LEVELS = 5;
/** Results of a search within one's downline. */
export const DOWNLINE_SEARCH_MAX = 20;

/* Content and support (content calls). */
/** What the CMS publishes. A notice is the important-notice pop-up; `about` is the About us page. */
export const CONTENT_KINDS = [
  'news',
  'announcement',
  'notice',
  'slider',
  'help',
  'guide',
  'training',
  'video',
  'file',
  'about',
  'promo',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** A published item whose publish time is still ahead is `scheduled` (members do not see it yet). */
export const CONTENT_STATES = ['draft', 'published', 'scheduled'] as const;
export const UPLOAD_KINDS = ['image', 'video', 'pdf'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** Size limits of CMS uploads, by kind. */
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  image: 5 * 1024 * 1024,
  video: 50 * 1024 * 1024,
  pdf: 20 * 1024 * 1024,
};
export const ENQUIRY_STATES = ['open', 'answered', 'closed'] as const;
export type EnquiryState = (typeof ENQUIRY_STATES)[number];
/** Pictures an enquiry may carry. */
export const ENQUIRY_MAX_PICTURES = 3;
/** News titles in the home page's strip. */
export const LATEST_NEWS_COUNT = 5;
/** The daily check-in game: what each day of a streak pays (platform token, whole tokens), day 7 and on the last. */
export const GAME_STREAK_REWARDS = ['1', '1', '2', '2', '3', '3', '5'] as const;

/** Trading (issue 11). */
export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_TYPES = ['market', 'limit'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATES = ['open', 'filled', 'cancelled', 'rejected'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const CANDLE_TIMEFRAMES = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export type CandleTimeframe = (typeof CANDLE_TIMEFRAMES)[number];
/** Seconds of one candle of each timeframe. */
export const CANDLE_SECONDS: Record<CandleTimeframe, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3600,
  '4h': 14_400,
  '1d': 86_400,
};
/** Where market prices come from: the seeded synthetic feed, or an exchange's public data through ccxt. */
export const MARKET_SOURCES = ['simulated', 'live'] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];
/** Exchanges a member may connect (ccxt ids) and the feed may read. */
export const EXCHANGE_IDS = ['binance', 'okx', 'bybit', 'bitget', 'gate', 'kucoin', 'mexc'] as const;
export type ExchangeId = (typeof EXCHANGE_IDS)[number];
/** Paper accounts that mimic a third-party exchange's fees and symbols (`demo-<venue>`), beside the plain `demo`. */
export const PAPER_VENUES = ['binance', 'okx', 'bybit'] as const;
export type PaperVenue = (typeof PAPER_VENUES)[number];
export const DEMO_ACCOUNT = 'demo';
/** Spot markets, or USDT-margined perpetual futures on the same symbols (one-way, isolated margin). */
export const MARKET_KINDS = ['spot', 'perp'] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];
export const POSITION_SIDES = ['long', 'short'] as const;
export type PositionSide = (typeof POSITION_SIDES)[number];
/**
 * Perpetuals on the paper exchange: leverage up to `maxLeverage`; a position is liquidated when its margin plus
 * unrealized profit falls to `maintenanceBps` of its value at the mark price (the last price); funding is settled
 * every `fundingHours` hours (00:00, 08:00, 16:00 UTC) at `fundingBps` of the position's value, longs paying shorts.
 */
export const PERP = { maxLeverage: 20, maintenanceBps: 50, fundingHours: 8, fundingBps: 1 } as const;
/** The demo challenge: grow the starting balance by this percent, over at least this many fills. */
export const DEMO_CHALLENGE_PERCENT = 10;
export const DEMO_CHALLENGE_MIN_TRADES = 5;

/* The shop (issue 12). */
/** Wallets a shop order may be paid from; a product is paid in the wallet's asset, at its price in that asset. */
export const SHOP_PAYMENT_WALLETS = ['deposit_points', 'registration_points', 'deposit', 'funds'] as const;
export type ShopPaymentWallet = (typeof SHOP_PAYMENT_WALLETS)[number];
/** The smallest payment from a points wallet, in points, unless the operator sets another (setting `shop`). */
export const SHOP_POINTS_MINIMUM = '50';
/** Ship the goods to an address, or keep them in the member's inventory. */
export const SHOP_DELIVERY = ['ship', 'keep'] as const;
export const SHOP_ORDER_STATES = ['paid', 'packed', 'shipped', 'delivered', 'kept', 'cancelled'] as const;
export type ShopOrderState = (typeof SHOP_ORDER_STATES)[number];
export const SHOP_MAX_QUANTITY = 999;
