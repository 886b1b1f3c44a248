import type { Texts } from '../messages.ts';

/**
 * Messages of owner-only security changes (the takeover fix): the hold on money after a change, the notice the old
 * contact gets, and the new fields; in the three languages; merged into MESSAGES.
 * `{until}` is a UTC time (`2026-11-27 21:40 UTC`).
 */
export const OWNER_MESSAGES = {
  'field.new_tac': {
    'en-US': 'TAC sent to the new address',
    'zh-CN': '发送到新地址的验证码',
    'bm-MY': 'TAC yang dihantar ke alamat baharu',
  },
  password_required_for_change: {
    'en-US': 'Please enter your current login password to confirm this change',
    'zh-CN': '请输入当前登录密码以确认此更改',
    'bm-MY': 'Sila masukkan kata laluan log masuk semasa untuk mengesahkan perubahan ini',
  },
  contact_same: {
    'en-US': 'This is already your {field}',
    'zh-CN': '这已是您当前的{field}',
    'bm-MY': 'Ini sudah {field} anda',
  },

  security_hold_password_changed: {
    'en-US':
      'Withdrawals, transfers and address binding are paused until {until} because your password was changed',
    'zh-CN': '由于您的登录密码已修改，提现、转账和地址绑定暂停至 {until}',
    'bm-MY':
      'Pengeluaran, pindahan dan pengikatan alamat digantung sehingga {until} kerana kata laluan anda telah ditukar',
  },
  security_hold_password_reset: {
    'en-US':
      'Withdrawals, transfers and address binding are paused until {until} because your password was reset',
    'zh-CN': '由于您的登录密码已重置，提现、转账和地址绑定暂停至 {until}',
    'bm-MY':
      'Pengeluaran, pindahan dan pengikatan alamat digantung sehingga {until} kerana kata laluan anda telah ditetapkan semula',
  },
  security_hold_tx_password_changed: {
    'en-US':
      'Withdrawals, transfers and address binding are paused until {until} because your transaction password was changed',
    'zh-CN': '由于您的交易密码已修改，提现、转账和地址绑定暂停至 {until}',
    'bm-MY':
      'Pengeluaran, pindahan dan pengikatan alamat digantung sehingga {until} kerana kata laluan transaksi anda telah ditukar',
  },
  security_hold_email_changed: {
    'en-US':
      'Withdrawals, transfers and address binding are paused until {until} because your e-mail was changed',
    'zh-CN': '由于您的邮箱已更改，提现、转账和地址绑定暂停至 {until}',
    'bm-MY':
      'Pengeluaran, pindahan dan pengikatan alamat digantung sehingga {until} kerana e-mel anda telah ditukar',
  },
  security_hold_mobile_changed: {
    'en-US':
      'Withdrawals, transfers and address binding are paused until {until} because your mobile number was changed',
    'zh-CN': '由于您的手机号码已更改，提现、转账和地址绑定暂停至 {until}',
    'bm-MY':
      'Pengeluaran, pindahan dan pengikatan alamat digantung sehingga {until} kerana nombor telefon bimbit anda telah ditukar',
  },

  security_hold_totp_disabled: {
    'en-US':
      'Withdrawals, transfers and address binding are paused until {until} because two-factor authentication was turned off',
    'zh-CN': '由于已关闭双重验证，提现、转账和地址绑定暂停至 {until}',
    'bm-MY':
      'Pengeluaran, pindahan dan pengikatan alamat digantung sehingga {until} kerana pengesahan dua faktor telah dimatikan',
  },
  security_hold_address_changed: {
    'en-US':
      'Withdrawals, transfers and address binding are paused until {until} because your withdrawal address was changed',
    'zh-CN': '由于您的提现地址已更改，提现、转账和地址绑定暂停至 {until}',
    'bm-MY':
      'Pengeluaran, pindahan dan pengikatan alamat digantung sehingga {until} kerana alamat pengeluaran anda telah ditukar',
  },
  security_notice_subject: {
    'en-US': 'A security change on your account',
    'zh-CN': '您的账户有安全变更',
    'bm-MY': 'Perubahan keselamatan pada akaun anda',
  },
  security_notice_email_changed: {
    'en-US': 'Your e-mail was changed to {to} at {at}. If it was not you, contact customer service.',
    'zh-CN': '您的邮箱已于 {at} 更改为 {to}。如非本人操作，请联系客服。',
    'bm-MY': 'E-mel anda telah ditukar kepada {to} pada {at}. Jika bukan anda, hubungi khidmat pelanggan.',
  },
  security_notice_mobile_changed: {
    'en-US': 'Your mobile number was changed to {to} at {at}. If it was not you, contact customer service.',
    'zh-CN': '您的手机号码已于 {at} 更改为 {to}。如非本人操作，请联系客服。',
    'bm-MY':
      'Nombor telefon bimbit anda telah ditukar kepada {to} pada {at}. Jika bukan anda, hubungi khidmat pelanggan.',
  },
  security_notice_password_changed: {
    'en-US': 'Your login password was changed at {at}. If it was not you, contact customer service.',
    'zh-CN': '您的登录密码已于 {at} 修改。如非本人操作，请联系客服。',
    'bm-MY':
      'Kata laluan log masuk anda telah ditukar pada {at}. Jika bukan anda, hubungi khidmat pelanggan.',
  },
  security_notice_tx_password_changed: {
    'en-US': 'Your transaction password was changed at {at}. If it was not you, contact customer service.',
    'zh-CN': '您的交易密码已于 {at} 修改。如非本人操作，请联系客服。',
    'bm-MY':
      'Kata laluan transaksi anda telah ditukar pada {at}. Jika bukan anda, hubungi khidmat pelanggan.',
  },
  security_notice_totp_enabled: {
    'en-US': 'Two-factor authentication was turned on at {at}. If it was not you, contact customer service.',
    'zh-CN': '双重验证已于 {at} 开启。如非本人操作，请联系客服。',
    'bm-MY': 'Pengesahan dua faktor telah dihidupkan pada {at}. Jika bukan anda, hubungi khidmat pelanggan.',
  },
  security_notice_totp_disabled: {
    'en-US': 'Two-factor authentication was turned off at {at}. If it was not you, contact customer service.',
    'zh-CN': '双重验证已于 {at} 关闭。如非本人操作，请联系客服。',
    'bm-MY': 'Pengesahan dua faktor telah dimatikan pada {at}. Jika bukan anda, hubungi khidmat pelanggan.',
  },
  security_notice_address_changed: {
    'en-US': 'Your withdrawal address was set to {to} at {at}. If it was not you, contact customer service.',
    'zh-CN': '您的提现地址已于 {at} 设置为 {to}。如非本人操作，请联系客服。',
    'bm-MY':
      'Alamat pengeluaran anda telah ditetapkan kepada {to} pada {at}. Jika bukan anda, hubungi khidmat pelanggan.',
  },
  security_notice_hold: {
    'en-US': 'Withdrawals and transfers are paused until {until}.',
    'zh-CN': '提现和转账暂停至 {until}。',
    'bm-MY': 'Pengeluaran dan pindahan digantung sehingga {until}.',
  },
} satisfies Record<string, Texts>;
