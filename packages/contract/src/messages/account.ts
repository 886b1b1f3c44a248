import type { Texts } from '../messages.ts';

/**
 * Messages of accounts: sign-up, log-in, verification codes (TAC) and passwords, in the three languages;
 * merged into MESSAGES.
 */
export const ACCOUNT_MESSAGES = {
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
} satisfies Record<string, Texts>;
