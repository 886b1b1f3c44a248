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
  network_closed: {
    'en-US': 'Withdrawals to {network} are closed: bind an address on another network',
    'zh-CN': '{network} 提现已关闭：请绑定其他网络的地址',
    'bm-MY': 'Pengeluaran ke {network} ditutup: ikat alamat pada rangkaian lain',
  },
  approved_manual: {
    'en-US': 'Approved: pay it by hand, then record the transaction hash',
    'zh-CN': '已批准：请手动付款，然后登记交易哈希',
    'bm-MY': 'Diluluskan: bayar secara manual, kemudian rekodkan hash transaksi',
  },
  withdrawal_not_manual: {
    'en-US': 'This withdrawal is not waiting to be paid by hand',
    'zh-CN': '该提现不在等待手动付款',
    'bm-MY': 'Pengeluaran ini tidak menunggu dibayar secara manual',
  },
  tx_hash_invalid: {
    'en-US': 'This is not a {network} transaction hash',
    'zh-CN': '这不是 {network} 交易哈希',
    'bm-MY': 'Ini bukan hash transaksi {network}',
  },
  tx_hash_used: {
    'en-US': 'This transaction is already recorded for another withdrawal',
    'zh-CN': '该交易已登记给另一笔提现',
    'bm-MY': 'Transaksi ini sudah direkodkan untuk pengeluaran lain',
  },
  tx_not_on_chain: {
    'en-US': 'No confirmed transaction on chain pays {amount} USDT to this address with this hash',
    'zh-CN': '链上没有以该哈希向此地址支付 {amount} USDT 的已确认交易',
    'bm-MY': 'Tiada transaksi disahkan di rantaian yang membayar {amount} USDT ke alamat ini dengan hash ini',
  },
  manual_payment_recorded: {
    'en-US': 'Payment recorded: the member sees the withdrawal paid',
    'zh-CN': '付款已登记：会员将看到提现已支付',
    'bm-MY': 'Pembayaran direkodkan: ahli melihat pengeluaran telah dibayar',
  },
  automatic_unavailable: {
    'en-US': '{network} cannot be paid automatically here: this server has no hot wallet on it',
    'zh-CN': '此处无法自动支付 {network}：本服务器没有该网络的热钱包',
    'bm-MY': '{network} tidak boleh dibayar secara automatik di sini: pelayan ini tiada dompet panas padanya',
  },
  network_required: {
    'en-US': 'Keep at least one network open for withdrawals',
    'zh-CN': '请至少保留一个开放提现的网络',
    'bm-MY': 'Kekalkan sekurang-kurangnya satu rangkaian dibuka untuk pengeluaran',
  },
  'field.tx_hash': { 'en-US': 'Transaction hash', 'zh-CN': '交易哈希', 'bm-MY': 'Hash transaksi' },
  'field.networks': { 'en-US': 'Networks', 'zh-CN': '网络', 'bm-MY': 'Rangkaian' },
  'field.limit_per_withdrawal_usdt': {
    'en-US': 'Limit per automatic payout (USDT)',
    'zh-CN': '单笔自动出款上限 (USDT)',
    'bm-MY': 'Had setiap pembayaran automatik (USDT)',
  },
  'field.limit_daily_usdt': {
    'en-US': 'Daily limit of automatic payouts (USDT)',
    'zh-CN': '每日自动出款上限 (USDT)',
    'bm-MY': 'Had harian pembayaran automatik (USDT)',
  },
  'field.two_person_threshold_usdt': {
    'en-US': 'Two-person approval above (USDT)',
    'zh-CN': '超过此金额需双人审核 (USDT)',
    'bm-MY': 'Kelulusan dua orang melebihi (USDT)',
  },
  'field.wait_alert_hours': {
    'en-US': 'Alert after waiting (hours)',
    'zh-CN': '等待超过（小时）即提醒',
    'bm-MY': 'Amaran selepas menunggu (jam)',
  },
} satisfies Record<string, Texts>;
