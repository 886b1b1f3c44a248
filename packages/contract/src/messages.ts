import type { Language } from './constants.ts';
import { CONTENT_MESSAGES } from './messages/content.ts';
import { KYC_MESSAGES } from './messages/kyc.ts';
import { MINING_MESSAGES } from './messages/mining.ts';
import { NETWORK_MESSAGES } from './messages/network.ts';
import { TRADING_MESSAGES } from './messages/trading.ts';
import { SHOP_MESSAGES } from './messages/shop.ts';
import { BOT_MESSAGES } from './messages/bots.ts';
import { CHAIN_MESSAGES } from './messages/chain.ts';
import { COPY_MESSAGES } from './messages/copy.ts';
import { ADMIN_SECURITY_MESSAGES } from './messages/admin-security.ts';
import { OWNER_MESSAGES } from './messages/owner.ts';
import { FACTOR_MESSAGES } from './messages/factors.ts';
import { INPUT_MESSAGES } from './messages/input.ts';

export type Texts = Record<Language, string>;

/**
 * Server messages in the three languages. `{name}` placeholders are filled by `translate`.
 * Field labels are messages too (`field.<name>`), so a refusal can name the field in the user's language.
 */
const CORE_MESSAGES = {
  ok: { 'en-US': 'Success', 'zh-CN': '成功', 'bm-MY': 'Berjaya' },
  internal_error: {
    'en-US': 'Something went wrong. Please try again later.',
    'zh-CN': '系统繁忙，请稍后再试',
    'bm-MY': 'Sesuatu tidak kena. Sila cuba lagi kemudian.',
  },
  service_unavailable: {
    'en-US': 'The service is briefly unavailable. Please try again in a moment.',
    'zh-CN': '服务暂时不可用，请稍后再试',
    'bm-MY': 'Perkhidmatan tidak tersedia buat seketika. Sila cuba lagi sebentar lagi.',
  },
  not_found_call: { 'en-US': 'error_code:404', 'zh-CN': 'error_code:404', 'bm-MY': 'error_code:404' },
  session_expired: {
    'en-US': 'Your session has expired, please log in again',
    'zh-CN': '登录已过期，请重新登录',
    'bm-MY': 'Sesi anda telah tamat, sila log masuk semula',
  },
  too_many_requests: {
    'en-US': 'You are requesting too often. Please take a rest and try again later.',
    'zh-CN': '您的请求过于频繁，请休息一下再试',
    'bm-MY': 'Anda membuat permintaan terlalu kerap. Sila berehat dan cuba lagi kemudian.',
  },
  forbidden: {
    'en-US': 'You do not have permission to do this',
    'zh-CN': '您没有权限执行此操作',
    'bm-MY': 'Anda tidak mempunyai kebenaran untuk melakukan ini',
  },
  invalid_request: {
    'en-US': 'Please check the highlighted fields',
    'zh-CN': '请检查标记的字段',
    'bm-MY': 'Sila semak ruangan yang ditandakan',
  },
  field_required: { 'en-US': '{field} is required', 'zh-CN': '请填写{field}', 'bm-MY': '{field} diperlukan' },
  field_invalid: {
    'en-US': '{field} is not valid',
    'zh-CN': '{field}格式不正确',
    'bm-MY': '{field} tidak sah',
  },
  field_too_long: {
    'en-US': '{field} is too long',
    'zh-CN': '{field}过长',
    'bm-MY': '{field} terlalu panjang',
  },
  file_too_large: {
    'en-US': 'A file may be at most {max} MB',
    'zh-CN': '每个文件不能超过 {max} MB',
    'bm-MY': 'Setiap fail paling besar {max} MB',
  },
  username_format: {
    'en-US': 'Username must be 5 to 15 letters and numbers',
    'zh-CN': '用户名须为5至15位字母或数字',
    'bm-MY': 'Nama pengguna mestilah 5 hingga 15 huruf dan nombor',
  },
  username_taken: {
    'en-US': 'This username is already taken',
    'zh-CN': '该用户名已被使用',
    'bm-MY': 'Nama pengguna ini telah digunakan',
  },
  username_available: {
    'en-US': 'This username is available',
    'zh-CN': '该用户名可以使用',
    'bm-MY': 'Nama pengguna ini boleh digunakan',
  },
  password_format: {
    'en-US': 'Password must be 6 to 64 characters',
    'zh-CN': '密码须为6至64位字符',
    'bm-MY': 'Kata laluan mestilah 6 hingga 64 aksara',
  },
  password_mismatch: {
    'en-US': 'Password did not match, Please re-enter again',
    'zh-CN': '密码不一致，请重新输入',
    'bm-MY': 'Kata laluan tidak sepadan, sila masukkan semula',
  },
  tx_password_mismatch: {
    'en-US': 'Transaction password did not match, Please re-enter again',
    'zh-CN': '交易密码不一致，请重新输入',
    'bm-MY': 'Kata laluan transaksi tidak sepadan, sila masukkan semula',
  },
  email_format: {
    'en-US': 'Please enter a valid e-mail address',
    'zh-CN': '请输入有效的邮箱地址',
    'bm-MY': 'Sila masukkan alamat e-mel yang sah',
  },
  mobile_format: {
    'en-US': 'Please enter a valid mobile number',
    'zh-CN': '请输入有效的手机号码',
    'bm-MY': 'Sila masukkan nombor telefon bimbit yang sah',
  },
  tel_prefix_unknown: {
    'en-US': 'Please choose a country code from the list',
    'zh-CN': '请从列表中选择国家区号',
    'bm-MY': 'Sila pilih kod negara daripada senarai',
  },
  email_taken: {
    'en-US': 'This e-mail address is already registered',
    'zh-CN': '该邮箱已被注册',
    'bm-MY': 'Alamat e-mel ini telah didaftarkan',
  },
  mobile_taken: {
    'en-US': 'This mobile number is already registered',
    'zh-CN': '该手机号码已被注册',
    'bm-MY': 'Nombor telefon bimbit ini telah didaftarkan',
  },
  sponsor_not_found: {
    'en-US': 'Sponsor ID does not exist',
    'zh-CN': '推荐人 ID 不存在',
    'bm-MY': 'ID penaja tidak wujud',
  },
  placement_not_found: {
    'en-US': 'Placement ID does not exist',
    'zh-CN': '安置人 ID 不存在',
    'bm-MY': 'ID penempatan tidak wujud',
  },
  placement_not_in_downline: {
    'en-US': "Placement ID must be the sponsor or in the sponsor's team",
    'zh-CN': '安置人必须是推荐人本人或其团队成员',
    'bm-MY': 'ID penempatan mestilah penaja atau dalam pasukan penaja',
  },
  side_taken: {
    'en-US': 'That side under the placement ID is already taken, please choose another',
    'zh-CN': '该安置位置已被占用，请选择其他位置',
    'bm-MY': 'Kedudukan itu di bawah ID penempatan telah diambil, sila pilih yang lain',
  },
  placement_full: {
    'en-US': 'Both sides under the placement ID are taken',
    'zh-CN': '该安置人的左右区均已被占用',
    'bm-MY': 'Kedua-dua kedudukan di bawah ID penempatan telah diambil',
  },
  tac_sent_email: {
    'en-US': 'The TAC number will send to your email',
    'zh-CN': 'TAC 验证码将发送到您的邮箱',
    'bm-MY': 'Nombor TAC akan dihantar ke e-mel anda',
  },
  tac_sent_mobile: {
    'en-US': 'The TAC number will send to your mobile number',
    'zh-CN': 'TAC 验证码将发送到您的手机号码',
    'bm-MY': 'Nombor TAC akan dihantar ke nombor telefon bimbit anda',
  },
  tac_invalid: {
    'en-US': 'The TAC is wrong or has expired, please request a new one',
    'zh-CN': '验证码错误或已过期，请重新获取',
    'bm-MY': 'TAC salah atau telah tamat tempoh, sila minta yang baharu',
  },
  tac_subject: {
    'en-US': 'Your verification code',
    'zh-CN': '您的验证码',
    'bm-MY': 'Kod pengesahan anda',
  },
  tac_body: {
    'en-US': 'Your verification code (TAC) is {code}. It expires in 10 minutes. Do not share it with anyone.',
    'zh-CN': '您的验证码 (TAC) 为 {code}，10 分钟内有效。请勿告诉他人。',
    'bm-MY': 'Kod pengesahan (TAC) anda ialah {code}. Ia tamat dalam 10 minit. Jangan kongsi dengan sesiapa.',
  },
  login_failed: {
    'en-US': 'Wrong username or password',
    'zh-CN': '用户名或密码错误',
    'bm-MY': 'Nama pengguna atau kata laluan salah',
  },
  account_frozen: {
    'en-US': 'This account is frozen. Please contact customer service.',
    'zh-CN': '该账户已被冻结，请联系客服',
    'bm-MY': 'Akaun ini dibekukan. Sila hubungi khidmat pelanggan.',
  },
  member_not_found: {
    'en-US': 'Member does not exist',
    'zh-CN': '会员不存在',
    'bm-MY': 'Ahli tidak wujud',
  },
  no_contact: {
    'en-US': 'This account has no e-mail or mobile number to send a TAC to',
    'zh-CN': '该账户没有可接收验证码的邮箱或手机号码',
    'bm-MY': 'Akaun ini tiada e-mel atau nombor telefon untuk menerima TAC',
  },
  old_password_wrong: {
    'en-US': 'The current password is wrong',
    'zh-CN': '当前密码错误',
    'bm-MY': 'Kata laluan semasa salah',
  },
  tx_password_wrong: {
    'en-US': 'The transaction password is wrong',
    'zh-CN': '交易密码错误',
    'bm-MY': 'Kata laluan transaksi salah',
  },
  password_same: {
    'en-US': 'The new password must differ from the current one',
    'zh-CN': '新密码不能与当前密码相同',
    'bm-MY': 'Kata laluan baharu mesti berbeza daripada yang semasa',
  },
  password_changed: {
    'en-US': 'Password changed. Please log in again.',
    'zh-CN': '密码已修改，请重新登录',
    'bm-MY': 'Kata laluan ditukar. Sila log masuk semula.',
  },
  saved: { 'en-US': 'Saved', 'zh-CN': '保存成功', 'bm-MY': 'Disimpan' },
  signup_done: {
    'en-US': 'Registration successful. Please log in.',
    'zh-CN': '注册成功，请登录',
    'bm-MY': 'Pendaftaran berjaya. Sila log masuk.',
  },
  logged_out: { 'en-US': 'Logged out', 'zh-CN': '已退出登录', 'bm-MY': 'Telah log keluar' },
  reset_done: {
    'en-US': 'Your password has been reset. Please log in.',
    'zh-CN': '密码已重置，请登录',
    'bm-MY': 'Kata laluan anda telah ditetapkan semula. Sila log masuk.',
  },
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
  'field.username': { 'en-US': 'Username', 'zh-CN': '用户名', 'bm-MY': 'Nama pengguna' },
  'field.userid': { 'en-US': 'Username', 'zh-CN': '用户名', 'bm-MY': 'Nama pengguna' },
  'field.password': { 'en-US': 'Password', 'zh-CN': '密码', 'bm-MY': 'Kata laluan' },
  'field.confirm_password': {
    'en-US': 'Confirm password',
    'zh-CN': '确认密码',
    'bm-MY': 'Sahkan kata laluan',
  },
  'field.old_password': { 'en-US': 'Current password', 'zh-CN': '当前密码', 'bm-MY': 'Kata laluan semasa' },
  'field.tx_password': {
    'en-US': 'Transaction password',
    'zh-CN': '交易密码',
    'bm-MY': 'Kata laluan transaksi',
  },
  'field.confirm_tx_password': {
    'en-US': 'Confirm transaction password',
    'zh-CN': '确认交易密码',
    'bm-MY': 'Sahkan kata laluan transaksi',
  },
  'field.sponsor_id': { 'en-US': 'Sponsor ID', 'zh-CN': '推荐人 ID', 'bm-MY': 'ID penaja' },
  'field.placement_id': { 'en-US': 'Placement ID', 'zh-CN': '安置人 ID', 'bm-MY': 'ID penempatan' },
  'field.side': { 'en-US': 'Side', 'zh-CN': '区位', 'bm-MY': 'Kedudukan' },
  'field.signup_type': { 'en-US': 'Sign-up type', 'zh-CN': '注册方式', 'bm-MY': 'Jenis pendaftaran' },
  'field.mobile': { 'en-US': 'Mobile number', 'zh-CN': '手机号码', 'bm-MY': 'Nombor telefon bimbit' },
  'field.tel_prefix': { 'en-US': 'Country code', 'zh-CN': '国家区号', 'bm-MY': 'Kod negara' },
  'field.email': { 'en-US': 'E-mail', 'zh-CN': '邮箱', 'bm-MY': 'E-mel' },
  'field.tac': { 'en-US': 'TAC', 'zh-CN': '验证码', 'bm-MY': 'TAC' },
  'field.name': { 'en-US': 'Name', 'zh-CN': '姓名', 'bm-MY': 'Nama' },
  'field.purpose': { 'en-US': 'Purpose', 'zh-CN': '用途', 'bm-MY': 'Tujuan' },
  'field.version': { 'en-US': 'Version', 'zh-CN': '版本', 'bm-MY': 'Versi' },
  'field.platform': { 'en-US': 'Platform', 'zh-CN': '平台', 'bm-MY': 'Platform' },
  'field.page': { 'en-US': 'Page', 'zh-CN': '页码', 'bm-MY': 'Halaman' },
  'field.pagesize': { 'en-US': 'Page size', 'zh-CN': '每页数量', 'bm-MY': 'Saiz halaman' },
  'field.lang': { 'en-US': 'Language', 'zh-CN': '语言', 'bm-MY': 'Bahasa' },
  'field.agree': { 'en-US': 'Agreement', 'zh-CN': '协议', 'bm-MY': 'Perjanjian' },
  'field.id': { 'en-US': 'ID', 'zh-CN': 'ID', 'bm-MY': 'ID' },
} satisfies Record<string, Texts>;

/** Every message: the core ones and each area's (messages/<area>.ts). */
export const MESSAGES = {
  ...CORE_MESSAGES,
  ...KYC_MESSAGES,
  ...MINING_MESSAGES,
  ...NETWORK_MESSAGES,
  ...CONTENT_MESSAGES,
  ...TRADING_MESSAGES,
  ...SHOP_MESSAGES,
  ...BOT_MESSAGES,
  ...CHAIN_MESSAGES,
  ...COPY_MESSAGES,
  ...ADMIN_SECURITY_MESSAGES,
  ...OWNER_MESSAGES,
  ...FACTOR_MESSAGES,
  ...INPUT_MESSAGES,
};

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/** Looks up a message in a language and fills `{name}` placeholders; unknown keys come back as they are. */
export function translate(key: string, lang: Language, params: Record<string, string | number> = {}): string {
  const texts: Texts | undefined = isMessageKey(key) ? MESSAGES[key] : undefined;
  const template = texts ? texts[lang] : key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'field') {
      const field = String(params.field ?? '');
      return isMessageKey(`field.${field}`) ? translate(`field.${field}`, lang) : field;
    }
    return String(params[name] ?? `{${name}}`);
  });
}
