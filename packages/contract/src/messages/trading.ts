import type { Texts } from '../messages.ts';

/** Messages of trading (issue 11), in the three languages; merged into MESSAGES. */
export const TRADING_MESSAGES = {
  market_unknown: {
    'en-US': 'There is no market {symbol}',
    'zh-CN': '没有 {symbol} 这个交易对',
    'bm-MY': 'Tiada pasaran {symbol}',
  },
  market_stale: {
    'en-US': 'Prices of this market are not current; please try again in a moment',
    'zh-CN': '该交易对的行情暂未更新，请稍后再试',
    'bm-MY': 'Harga pasaran ini belum dikemas kini; sila cuba sebentar lagi',
  },
  order_amount_min: {
    'en-US': "The amount is below this market's minimum of {min} {asset}",
    'zh-CN': '数量低于该交易对的最小下单量 {min} {asset}',
    'bm-MY': 'Jumlah di bawah minimum pasaran ini, iaitu {min} {asset}',
  },
  order_cost_min: {
    'en-US': "The order is worth less than this market's minimum of {min} {asset}",
    'zh-CN': '订单金额低于该交易对的最小金额 {min} {asset}',
    'bm-MY': 'Nilai pesanan kurang daripada minimum pasaran ini, iaitu {min} {asset}',
  },
  order_precision: {
    'en-US': '{field} can have at most {decimals} decimals',
    'zh-CN': '{field}最多 {decimals} 位小数',
    'bm-MY': '{field} boleh mempunyai paling banyak {decimals} tempat perpuluhan',
  },
  order_number_invalid: {
    'en-US': '{field} must be a positive number, e.g. 0.5',
    'zh-CN': '{field}必须是正数，例如 0.5',
    'bm-MY': '{field} mestilah nombor positif, cth. 0.5',
  },
  order_price_required: {
    'en-US': 'A limit order needs a price',
    'zh-CN': '限价单需要填写价格',
    'bm-MY': 'Pesanan had memerlukan harga',
  },
  order_price_band: {
    'en-US': 'The price must be within {band}% of the last price ({last})',
    'zh-CN': '价格须在最新价（{last}）的 {band}% 范围内',
    'bm-MY': 'Harga mestilah dalam lingkungan {band}% daripada harga terakhir ({last})',
  },
  order_insufficient: {
    'en-US': 'Not enough {asset}: {available} available, {needed} needed',
    'zh-CN': '{asset} 余额不足：可用 {available}，需要 {needed}',
    'bm-MY': '{asset} tidak mencukupi: {available} tersedia, {needed} diperlukan',
  },
  order_not_found: {
    'en-US': 'This order was not found',
    'zh-CN': '找不到该订单',
    'bm-MY': 'Pesanan ini tidak dijumpai',
  },
  order_not_open: {
    'en-US': 'This order is no longer open',
    'zh-CN': '该订单已不在挂单中',
    'bm-MY': 'Pesanan ini tidak lagi terbuka',
  },
  order_placed: { 'en-US': 'Order placed', 'zh-CN': '已下单', 'bm-MY': 'Pesanan dibuat' },
  order_filled: { 'en-US': 'Order filled', 'zh-CN': '订单已成交', 'bm-MY': 'Pesanan dipenuhi' },
  order_cancelled: { 'en-US': 'Order cancelled', 'zh-CN': '订单已撤销', 'bm-MY': 'Pesanan dibatalkan' },
  position_none: {
    'en-US': 'There is no open {symbol} position',
    'zh-CN': '没有 {symbol} 的持仓',
    'bm-MY': 'Tiada kedudukan {symbol} yang terbuka',
  },
  position_closed: { 'en-US': 'Position closed', 'zh-CN': '已平仓', 'bm-MY': 'Kedudukan ditutup' },
  perp_unsupported: {
    'en-US': 'This exchange account does not trade perpetuals here',
    'zh-CN': '该交易所账户暂不支持永续合约',
    'bm-MY': 'Akaun bursa ini tidak berdagang kontrak kekal di sini',
  },
  trading_account_unknown: {
    'en-US': 'This trading account was not found',
    'zh-CN': '找不到该交易账户',
    'bm-MY': 'Akaun dagangan ini tidak dijumpai',
  },
  exchange_key_invalid: {
    'en-US': 'The exchange refused this API key: check the key, the secret and its permissions',
    'zh-CN': '交易所拒绝了该 API 密钥：请检查密钥、密码及其权限',
    'bm-MY': 'Bursa menolak kunci API ini: semak kunci, rahsia dan kebenarannya',
  },
  exchange_insufficient: {
    'en-US': 'The exchange says the balance is not enough for this order',
    'zh-CN': '交易所提示余额不足，无法下此订单',
    'bm-MY': 'Bursa menyatakan baki tidak mencukupi untuk pesanan ini',
  },
  exchange_unavailable: {
    'en-US': 'The exchange cannot be reached now; please try again later',
    'zh-CN': '暂时无法连接交易所，请稍后再试',
    'bm-MY': 'Bursa tidak dapat dihubungi sekarang; sila cuba lagi kemudian',
  },
  exchange_rate_limited: {
    'en-US': 'The exchange asks us to slow down; please try again in a minute',
    'zh-CN': '交易所请求过于频繁，请一分钟后再试',
    'bm-MY': 'Bursa meminta kami memperlahankan; sila cuba lagi dalam seminit',
  },
  exchange_refused: {
    'en-US': 'The exchange refused the order: {reason}',
    'zh-CN': '交易所拒绝了该订单：{reason}',
    'bm-MY': 'Bursa menolak pesanan: {reason}',
  },
  exchange_account_saved: {
    'en-US': 'Exchange account connected',
    'zh-CN': '交易所账户已连接',
    'bm-MY': 'Akaun bursa disambungkan',
  },
  exchange_account_deleted: {
    'en-US': 'Exchange account disconnected',
    'zh-CN': '交易所账户已断开',
    'bm-MY': 'Akaun bursa diputuskan',
  },
  demo_reset_done: {
    'en-US': 'The demo account starts afresh',
    'zh-CN': '模拟账户已重置',
    'bm-MY': 'Akaun demo bermula semula',
  },
  trading_paper_only: {
    'en-US': 'Only a demo account can do this',
    'zh-CN': '只有模拟账户可以进行此操作',
    'bm-MY': 'Hanya akaun demo boleh melakukan ini',
  },
  market_symbols_invalid: {
    'en-US': 'Unknown market(s): {symbols}',
    'zh-CN': '未知的交易对：{symbols}',
    'bm-MY': 'Pasaran tidak dikenali: {symbols}',
  },
  'field.price': { 'en-US': 'Price', 'zh-CN': '价格', 'bm-MY': 'Harga' },
  'field.symbol': { 'en-US': 'Market', 'zh-CN': '交易对', 'bm-MY': 'Pasaran' },
  'field.type': { 'en-US': 'Order type', 'zh-CN': '订单类型', 'bm-MY': 'Jenis pesanan' },
  'field.account': { 'en-US': 'Account', 'zh-CN': '账户', 'bm-MY': 'Akaun' },
  'field.timeframe': { 'en-US': 'Timeframe', 'zh-CN': '周期', 'bm-MY': 'Tempoh' },
  'field.exchange': { 'en-US': 'Exchange', 'zh-CN': '交易所', 'bm-MY': 'Bursa' },
  'field.api_key': { 'en-US': 'API key', 'zh-CN': 'API 密钥', 'bm-MY': 'Kunci API' },
  'field.api_secret': { 'en-US': 'API secret', 'zh-CN': 'API 密码', 'bm-MY': 'Rahsia API' },
  'field.passphrase': { 'en-US': 'Passphrase', 'zh-CN': '口令', 'bm-MY': 'Frasa laluan' },
  'field.keyword': { 'en-US': 'Search', 'zh-CN': '搜索', 'bm-MY': 'Carian' },
  'field.label': { 'en-US': 'Label', 'zh-CN': '备注名', 'bm-MY': 'Label' },
  'field.order_id': { 'en-US': 'Order', 'zh-CN': '订单', 'bm-MY': 'Pesanan' },
  'field.symbols': { 'en-US': 'Markets', 'zh-CN': '交易对', 'bm-MY': 'Pasaran' },
  'field.source': { 'en-US': 'Price source', 'zh-CN': '行情来源', 'bm-MY': 'Sumber harga' },
  'field.fee_bps': { 'en-US': 'Fee (bps)', 'zh-CN': '手续费（基点）', 'bm-MY': 'Caj (bps)' },
  'field.spread_bps': {
    'en-US': 'Half-spread (bps)',
    'zh-CN': '半价差（基点）',
    'bm-MY': 'Separuh sebaran (bps)',
  },
  'field.slippage_bps': { 'en-US': 'Slippage (bps)', 'zh-CN': '滑点（基点）', 'bm-MY': 'Gelinciran (bps)' },
  'field.start_balance': { 'en-US': 'Starting balance', 'zh-CN': '初始资金', 'bm-MY': 'Baki permulaan' },
} satisfies Record<string, Texts>;
