import type { Texts } from '../messages.ts';

/** Messages of deposits from a chain (issue 10), in the three languages; merged into MESSAGES. */
export const CHAIN_MESSAGES = {
  chain_unavailable: {
    'en-US': 'Deposits from a chain are not set up on this server',
    'zh-CN': '本服务器未开通链上充值',
    'bm-MY': 'Deposit dari rantaian tidak disediakan pada pelayan ini',
  },
  chain_network_unknown: {
    'en-US': 'This network is not offered',
    'zh-CN': '不支持该网络',
    'bm-MY': 'Rangkaian ini tidak ditawarkan',
  },
  chain_test_only: {
    'en-US': 'Test USDT is only sent on the local test chain',
    'zh-CN': '仅本地测试链可发送测试 USDT',
    'bm-MY': 'USDT ujian hanya dihantar pada rantaian ujian tempatan',
  },
  chain_test_sent: {
    'en-US': '100 test USDT sent: watch it confirm below',
    'zh-CN': '已发送 100 测试 USDT，请在下方查看确认进度',
    'bm-MY': '100 USDT ujian dihantar: lihat pengesahannya di bawah',
  },
  payout_not_failed: {
    'en-US': 'Only a failed payout can be retried',
    'zh-CN': '只有失败的出款可以重试',
    'bm-MY': 'Hanya pembayaran yang gagal boleh dicuba semula',
  },
  payout_in_progress: {
    'en-US': 'This withdrawal is being paid on chain; it can be rejected only if its payout fails',
    'zh-CN': '该提现正在链上出款，仅在出款失败后才能拒绝',
    'bm-MY': 'Pengeluaran ini sedang dibayar di rantaian; ia boleh ditolak hanya jika pembayarannya gagal',
  },
  payout_retried: {
    'en-US': 'The payout is queued again',
    'zh-CN': '出款已重新排队',
    'bm-MY': 'Pembayaran dibarisgilirkan semula',
  },
} satisfies Record<string, Texts>;
