import type { Texts } from '../messages.ts';

/**
 * Messages of moving money: amounts, transfers, exchange, withdrawals and their address, authenticator codes
 * and the admin's money tools, with their field labels, in the three languages; merged into MESSAGES.
 */
export const MONEY_MESSAGES = {
  idempotency_conflict: {
    'en-US': 'This request key was already used for a different request',
    'zh-CN': '该请求编号已用于其他请求',
    'bm-MY': 'Kunci permintaan ini telah digunakan untuk permintaan lain',
  },
  insufficient_balance: {
    'en-US': 'Insufficient balance',
    'zh-CN': '余额不足',
    'bm-MY': 'Baki tidak mencukupi',
  },
  amount_invalid: {
    'en-US': 'Please enter an amount such as 20 or 20.5',
    'zh-CN': '请输入正确的金额，例如 20 或 20.5',
    'bm-MY': 'Sila masukkan jumlah seperti 20 atau 20.5',
  },
  amount_positive: {
    'en-US': 'The amount must be more than zero',
    'zh-CN': '金额必须大于零',
    'bm-MY': 'Jumlah mestilah lebih daripada sifar',
  },
  amount_decimals: {
    'en-US': '{asset} allows at most {decimals} decimal places',
    'zh-CN': '{asset} 最多允许 {decimals} 位小数',
    'bm-MY': '{asset} membenarkan paling banyak {decimals} tempat perpuluhan',
  },
  amount_min: {
    'en-US': 'The minimum is {min} {asset}',
    'zh-CN': '最低金额为 {min} {asset}',
    'bm-MY': 'Minimum ialah {min} {asset}',
  },
  amount_max: {
    'en-US': 'The maximum is {max} {asset}',
    'zh-CN': '最高金额为 {max} {asset}',
    'bm-MY': 'Maksimum ialah {max} {asset}',
  },
  transfer_to_self: {
    'en-US': 'You cannot send to yourself',
    'zh-CN': '不能转给自己',
    'bm-MY': 'Anda tidak boleh menghantar kepada diri sendiri',
  },
  recipient_not_found: {
    'en-US': 'The receiving member does not exist',
    'zh-CN': '收款会员不存在',
    'bm-MY': 'Ahli penerima tidak wujud',
  },
  recipient_inactive: {
    'en-US': 'The receiving member cannot receive funds now',
    'zh-CN': '收款会员暂时无法收款',
    'bm-MY': 'Ahli penerima tidak boleh menerima dana sekarang',
  },
  wallet_not_allowed: {
    'en-US': 'This wallet cannot be used here',
    'zh-CN': '该钱包不可用于此操作',
    'bm-MY': 'Dompet ini tidak boleh digunakan di sini',
  },
  pair_unknown: {
    'en-US': 'This exchange pair is not offered',
    'zh-CN': '不支持该兑换币对',
    'bm-MY': 'Pasangan tukaran ini tidak ditawarkan',
  },
  exchange_too_small: {
    'en-US': 'The amount is too small to exchange',
    'zh-CN': '兑换金额过小',
    'bm-MY': 'Jumlah terlalu kecil untuk ditukar',
  },
  address_required: {
    'en-US': 'Please bind a withdrawal address first',
    'zh-CN': '请先绑定提现地址',
    'bm-MY': 'Sila ikat alamat pengeluaran dahulu',
  },
  address_bound: {
    'en-US': 'The withdrawal address cannot be changed. Please contact customer service.',
    'zh-CN': '提现地址绑定后不可修改，请联系客服',
    'bm-MY': 'Alamat pengeluaran tidak boleh diubah. Sila hubungi khidmat pelanggan.',
  },
  address_invalid: {
    'en-US': 'This is not a valid {network} address',
    'zh-CN': '这不是有效的 {network} 地址',
    'bm-MY': 'Ini bukan alamat {network} yang sah',
  },
  address_unbound: {
    'en-US': 'This member has no bound address',
    'zh-CN': '该会员没有绑定地址',
    'bm-MY': 'Ahli ini tiada alamat yang diikat',
  },
  withdrawal_not_found: {
    'en-US': 'Withdrawal not found',
    'zh-CN': '提现记录不存在',
    'bm-MY': 'Pengeluaran tidak dijumpai',
  },
  withdrawal_decided: {
    'en-US': 'This withdrawal has already been decided',
    'zh-CN': '该提现已处理',
    'bm-MY': 'Pengeluaran ini telah diputuskan',
  },
  reason_required: {
    'en-US': 'Please give a reason for the member',
    'zh-CN': '请填写拒绝原因',
    'bm-MY': 'Sila berikan sebab kepada ahli',
  },
  withdraw_requested: {
    'en-US': 'Withdrawal requested. It will be paid after review.',
    'zh-CN': '提现申请已提交，审核后到账',
    'bm-MY': 'Pengeluaran dimohon. Ia akan dibayar selepas semakan.',
  },
  totp_required: {
    'en-US': 'Please enter the code from your authenticator app',
    'zh-CN': '请输入身份验证器中的验证码',
    'bm-MY': 'Sila masukkan kod daripada aplikasi pengesah anda',
  },
  totp_invalid: {
    'en-US': 'The authenticator code is wrong or was already used',
    'zh-CN': '身份验证码错误或已被使用',
    'bm-MY': 'Kod pengesah salah atau telah digunakan',
  },
  totp_not_started: {
    'en-US': 'Please start two-factor set-up first',
    'zh-CN': '请先开始设置双重验证',
    'bm-MY': 'Sila mulakan persediaan dua faktor dahulu',
  },
  tx_password_missing: {
    'en-US': 'Please set a transaction password first',
    'zh-CN': '请先设置交易密码',
    'bm-MY': 'Sila tetapkan kata laluan transaksi dahulu',
  },
  rate_invalid: {
    'en-US': 'Please enter a price above zero with at most 8 decimals',
    'zh-CN': '请输入大于零且最多 8 位小数的价格',
    'bm-MY': 'Sila masukkan harga melebihi sifar dengan paling banyak 8 perpuluhan',
  },
  spread_invalid: {
    'en-US': 'The spread must be between 0 and 50 percent',
    'zh-CN': '点差必须在 0 至 50% 之间',
    'bm-MY': 'Sebaran mestilah antara 0 dan 50 peratus',
  },
  no_recipients: {
    'en-US': 'No members to send to',
    'zh-CN': '没有可发送的会员',
    'bm-MY': 'Tiada ahli untuk dihantar',
  },
  sent: { 'en-US': 'Sent', 'zh-CN': '发送成功', 'bm-MY': 'Dihantar' },
  exchanged: { 'en-US': 'Exchanged', 'zh-CN': '兑换成功', 'bm-MY': 'Ditukar' },
  approved: { 'en-US': 'Approved', 'zh-CN': '已通过', 'bm-MY': 'Diluluskan' },
  rejected: { 'en-US': 'Rejected', 'zh-CN': '已拒绝', 'bm-MY': 'Ditolak' },
  'field.amount': { 'en-US': 'Amount', 'zh-CN': '金额', 'bm-MY': 'Jumlah' },
  'field.to_userid': { 'en-US': 'Receiving member', 'zh-CN': '收款会员', 'bm-MY': 'Ahli penerima' },
  'field.wallet': { 'en-US': 'Wallet', 'zh-CN': '钱包', 'bm-MY': 'Dompet' },
  'field.asset': { 'en-US': 'Asset', 'zh-CN': '币种', 'bm-MY': 'Aset' },
  'field.from': { 'en-US': 'From', 'zh-CN': '从', 'bm-MY': 'Dari' },
  'field.to': { 'en-US': 'To', 'zh-CN': '到', 'bm-MY': 'Kepada' },
  'field.address': { 'en-US': 'Withdrawal address', 'zh-CN': '提现地址', 'bm-MY': 'Alamat pengeluaran' },
  'field.address_type': { 'en-US': 'Network', 'zh-CN': '网络', 'bm-MY': 'Rangkaian' },
  'field.totp': { 'en-US': 'Authenticator code', 'zh-CN': '身份验证码', 'bm-MY': 'Kod pengesah' },
  'field.idempotency_key': { 'en-US': 'Request key', 'zh-CN': '请求编号', 'bm-MY': 'Kunci permintaan' },
  'field.reason': { 'en-US': 'Reason', 'zh-CN': '原因', 'bm-MY': 'Sebab' },
  'field.action': { 'en-US': 'Action', 'zh-CN': '操作', 'bm-MY': 'Tindakan' },
  'field.status': { 'en-US': 'Status', 'zh-CN': '状态', 'bm-MY': 'Status' },
  'field.price_usdt': { 'en-US': 'Price (USDT)', 'zh-CN': '价格 (USDT)', 'bm-MY': 'Harga (USDT)' },
  'field.spread_percent': { 'en-US': 'Spread (%)', 'zh-CN': '点差 (%)', 'bm-MY': 'Sebaran (%)' },
  'field.amount_each': { 'en-US': 'Amount each', 'zh-CN': '每人数量', 'bm-MY': 'Jumlah setiap' },
  'field.userids': { 'en-US': 'Members', 'zh-CN': '会员', 'bm-MY': 'Ahli' },
  'field.note': { 'en-US': 'Note', 'zh-CN': '备注', 'bm-MY': 'Nota' },
  withdraw_note_min: {
    'en-US': 'The minimum withdrawal is {min} USDT.',
    'zh-CN': '最低提现金额为 {min} USDT。',
    'bm-MY': 'Pengeluaran minimum ialah {min} USDT.',
  },
  withdraw_note_fee: {
    'en-US': 'A fee of {fee}% of the amount is deducted (rounded up to the last unit).',
    'zh-CN': '将扣除提现金额的 {fee}% 作为手续费（向上取整）。',
    'bm-MY': 'Caj sebanyak {fee}% daripada jumlah akan ditolak (dibundarkan ke atas).',
  },
  withdraw_note_review: {
    'en-US':
      'The amount is held at once and paid after review; a rejected request is returned to your wallet.',
    'zh-CN': '提现金额将立即冻结，审核通过后发放；被拒绝的申请将退回钱包。',
    'bm-MY':
      'Jumlah ditahan serta-merta dan dibayar selepas semakan; permohonan yang ditolak dikembalikan ke dompet anda.',
  },
  withdraw_note_address: {
    'en-US': 'Funds go only to your bound address. Check the network before you bind it.',
    'zh-CN': '资金只会发送到您绑定的地址，绑定前请确认网络。',
    'bm-MY': 'Dana hanya dihantar ke alamat yang diikat. Semak rangkaian sebelum mengikatnya.',
  },
} satisfies Record<string, Texts>;
