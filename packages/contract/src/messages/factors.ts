import type { Texts } from '../messages.ts';

/** Messages of second-factor lockouts, reset codes and code delivery (security issue), merged into MESSAGES. */
export const FACTOR_MESSAGES = {
  factor_locked: {
    'en-US': 'Too many wrong tries. Try again after {time} (UTC).',
    'zh-CN': '错误次数过多，请在 {time}（UTC）之后再试。',
    'bm-MY': 'Terlalu banyak percubaan salah. Cuba lagi selepas {time} (UTC).',
  },
  tac_locked: {
    'en-US': 'Too many wrong tries for this TAC. Please request a new one.',
    'zh-CN': '此验证码错误次数过多，请重新获取。',
    'bm-MY': 'Terlalu banyak percubaan salah untuk TAC ini. Sila minta yang baharu.',
  },
  reset_code_sent: {
    'en-US': 'If the account exists, a TAC has been sent to its email or mobile.',
    'zh-CN': '如果该账户存在，TAC 验证码已发送到其邮箱或手机。',
    'bm-MY': 'Jika akaun itu wujud, TAC telah dihantar ke e-mel atau telefon bimbitnya.',
  },
  delivery_unavailable: {
    'en-US': 'Codes cannot be sent right now. Please contact customer service.',
    'zh-CN': '暂时无法发送验证码，请联系客服。',
    'bm-MY': 'Kod tidak dapat dihantar sekarang. Sila hubungi khidmat pelanggan.',
  },
  outbox_unavailable: {
    'en-US': 'The dev outbox is not available in production',
    'zh-CN': '生产环境中不提供开发发件箱',
    'bm-MY': 'Peti keluar pembangunan tidak tersedia dalam pengeluaran',
  },
} satisfies Record<string, Texts>;
