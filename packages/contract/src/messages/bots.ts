import type { Texts } from '../messages.ts';

/** Messages of trading bots (issue 14), in the three languages; merged into MESSAGES. */
export const BOT_MESSAGES = {
  bot_unknown: {
    'en-US': 'This bot was not found',
    'zh-CN': '找不到该机器人',
    'bm-MY': 'Bot ini tidak dijumpai',
  },
  bot_saved: { 'en-US': 'Bot saved', 'zh-CN': '机器人已保存', 'bm-MY': 'Bot disimpan' },
  bot_started: { 'en-US': 'Bot started', 'zh-CN': '机器人已启动', 'bm-MY': 'Bot dimulakan' },
  bot_stopped: { 'en-US': 'Bot stopped', 'zh-CN': '机器人已停止', 'bm-MY': 'Bot dihentikan' },
  bot_deal_closed: { 'en-US': 'Deal closed', 'zh-CN': '已平仓', 'bm-MY': 'Urus niaga ditutup' },
  bot_entry_added: {
    'en-US': 'Safety order placed',
    'zh-CN': '已补仓',
    'bm-MY': 'Pesanan keselamatan dibuat',
  },
  bot_running: {
    'en-US': 'Stop the bot before changing it',
    'zh-CN': '请先停止机器人再修改',
    'bm-MY': 'Hentikan bot sebelum mengubahnya',
  },
  bot_deal_open: {
    'en-US': 'This bot has an open deal: close it before changing its market or direction',
    'zh-CN': '该机器人有持仓：请先平仓再修改交易对或方向',
    'bm-MY': 'Bot ini mempunyai urus niaga terbuka: tutupnya sebelum mengubah pasaran atau arahnya',
  },
  bot_no_deal: {
    'en-US': 'This bot has no open deal',
    'zh-CN': '该机器人没有持仓',
    'bm-MY': 'Bot ini tiada urus niaga terbuka',
  },
  bot_safety_done: {
    'en-US': 'Every safety order of this deal is already placed ({max})',
    'zh-CN': '该持仓的补仓次数已用完（{max}）',
    'bm-MY': 'Semua pesanan keselamatan urus niaga ini sudah dibuat ({max})',
  },
  bot_not_perp: {
    'en-US': 'This is a spot bot',
    'zh-CN': '这是现货机器人',
    'bm-MY': 'Ini bot spot',
  },
  bot_not_spot: {
    'en-US': 'This is a perpetual bot',
    'zh-CN': '这是永续合约机器人',
    'bm-MY': 'Ini bot kontrak kekal',
  },
  bot_spot_long: {
    'en-US': 'A spot bot can only buy first (long); use a perpetual to go short',
    'zh-CN': '现货机器人只能做多；做空请使用永续合约',
    'bm-MY': 'Bot spot hanya boleh membeli dahulu (long); guna kontrak kekal untuk short',
  },
  bot_percent_invalid: {
    'en-US': '{field} must be a number from {min} to {max}, with at most two decimals',
    'zh-CN': '{field}须为 {min} 至 {max} 之间的数字，最多两位小数',
    'bm-MY': '{field} mestilah nombor dari {min} hingga {max}, paling banyak dua tempat perpuluhan',
  },
  bot_order_too_small: {
    'en-US': 'An order of {amount} USDT is below the market minimum of {min} USDT',
    'zh-CN': '{amount} USDT 的订单低于该交易对最低 {min} USDT',
    'bm-MY': 'Pesanan {amount} USDT di bawah minimum pasaran {min} USDT',
  },
  bot_order_rejected: {
    'en-US': 'The exchange did not fill the bot order ({reason})',
    'zh-CN': '交易所未成交机器人订单（{reason}）',
    'bm-MY': 'Bursa tidak memenuhi pesanan bot ({reason})',
  },
  bot_reversed: {
    'en-US': 'Deal closed and the bot turned around',
    'zh-CN': '已平仓，机器人已反向',
    'bm-MY': 'Urus niaga ditutup dan bot bertukar arah',
  },
  bot_reverse_spot: {
    'en-US': 'Only a perpetual bot can be reversed',
    'zh-CN': '只有永续合约机器人可以反向',
    'bm-MY': 'Hanya bot kontrak kekal boleh diterbalikkan',
  },
  bot_no_second_account: {
    'en-US': 'Connect a second exchange account first',
    'zh-CN': '请先连接第二个交易所账户',
    'bm-MY': 'Sambungkan akaun bursa kedua dahulu',
  },
  bot_aio_budget: {
    'en-US':
      'The all-in-one budget of this account is {budget} USDT and its running bots take {committed}: this bot needs {needed} more',
    'zh-CN': '该账户的一体化预算为 {budget} USDT，运行中的机器人已占用 {committed}：此机器人还需 {needed}',
    'bm-MY':
      'Bajet semua-dalam-satu akaun ini ialah {budget} USDT dan bot yang berjalan mengambil {committed}: bot ini memerlukan {needed} lagi',
  },
  bot_aio_saved: {
    'en-US': 'All-in-one budget saved',
    'zh-CN': '一体化预算已保存',
    'bm-MY': 'Bajet semua-dalam-satu disimpan',
  },
  bot_aio_off: {
    'en-US': 'All-in-one mode off: the bots on this account stopped',
    'zh-CN': '一体化模式已关闭：此账户上的机器人已停止',
    'bm-MY': 'Mod semua-dalam-satu dimatikan: bot pada akaun ini dihentikan',
  },
  bot_order_type: {
    'en-US': 'Order type saved',
    'zh-CN': '下单方式已保存',
    'bm-MY': 'Jenis pesanan disimpan',
  },
  bot_subscription_needed: {
    'en-US': 'Running bots needs the bot subscription ({fee} USDT for {days} days)',
    'zh-CN': '运行机器人需要订阅（{fee} USDT / {days} 天）',
    'bm-MY': 'Menjalankan bot memerlukan langganan bot ({fee} USDT untuk {days} hari)',
  },
  bot_subscription_expired: {
    'en-US': 'The bot subscription ended; renew it to run bots again',
    'zh-CN': '机器人订阅已到期，请续订后再运行',
    'bm-MY': 'Langganan bot telah tamat; perbaharuinya untuk menjalankan bot semula',
  },
  bot_subscription_free: {
    'en-US': 'Bots are free: there is nothing to pay',
    'zh-CN': '机器人免费使用，无需付费',
    'bm-MY': 'Bot adalah percuma: tiada apa untuk dibayar',
  },
  bot_subscribed: {
    'en-US': 'Bot subscription paid',
    'zh-CN': '机器人订阅已支付',
    'bm-MY': 'Langganan bot dibayar',
  },
  bots_disabled: {
    'en-US': 'Bots are paused by the operator; please try again later',
    'zh-CN': '机器人已被运营方暂停，请稍后再试',
    'bm-MY': 'Bot dijeda oleh pengendali; sila cuba lagi kemudian',
  },
  bots_switched: {
    'en-US': 'Bot settings saved',
    'zh-CN': '机器人设置已保存',
    'bm-MY': 'Tetapan bot disimpan',
  },
} satisfies Record<string, Texts>;
