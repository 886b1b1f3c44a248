import type { Texts } from '../messages.ts';

/** Messages of the mining area (issue 5), in the three languages; merged into MESSAGES. */
export const MINING_MESSAGES = {
  mining_kyc_required: {
    'en-US': 'Please complete identity verification (KYC) before subscribing to mining',
    'zh-CN': '请先完成实名认证，再认购挖矿套餐',
    'bm-MY': 'Sila lengkapkan pengesahan identiti (KYC) sebelum melanggan perlombongan',
  },
  mining_agree_required: {
    'en-US': 'Please agree to the User Service Agreement before paying',
    'zh-CN': '请先阅读并同意《用户服务协议》再付款',
    'bm-MY': 'Sila bersetuju dengan Perjanjian Perkhidmatan Pengguna sebelum membayar',
  },
  package_not_found: {
    'en-US': 'This package does not exist',
    'zh-CN': '该套餐不存在',
    'bm-MY': 'Pakej ini tidak wujud',
  },
  package_not_on_sale: {
    'en-US': 'This package is not on sale',
    'zh-CN': '该套餐未在销售',
    'bm-MY': 'Pakej ini tidak dijual',
  },
  mining_out_of_stock: {
    'en-US': 'Not enough stock: {left} left',
    'zh-CN': '存货不足：仅剩 {left}',
    'bm-MY': 'Stok tidak mencukupi: tinggal {left}',
  },
  mining_min_order: {
    'en-US': 'The minimum order is {min}',
    'zh-CN': '最低认购数量为 {min}',
    'bm-MY': 'Pesanan minimum ialah {min}',
  },
  voucher_unavailable: {
    'en-US': 'This voucher cannot be used: it is used, expired or not yours',
    'zh-CN': '该优惠券不可用：已使用、已过期或不属于您',
    'bm-MY': 'Baucar ini tidak boleh digunakan: sudah digunakan, tamat tempoh atau bukan milik anda',
  },
  voucher_not_for_package: {
    'en-US': 'This voucher does not apply to this package',
    'zh-CN': '该优惠券不适用于此套餐',
    'bm-MY': 'Baucar ini tidak terpakai untuk pakej ini',
  },
  purchased: {
    'en-US': 'Purchase successful',
    'zh-CN': '购买成功',
    'bm-MY': 'Pembelian berjaya',
  },
  date_invalid: {
    'en-US': '{field} must be a date such as 2026-01-31',
    'zh-CN': '{field}须为日期，例如 2026-01-31',
    'bm-MY': '{field} mestilah tarikh seperti 2026-01-31',
  },
  job_future_date: {
    'en-US': 'A daily job cannot run for a date after today',
    'zh-CN': '每日任务不能为今天之后的日期运行',
    'bm-MY': 'Tugas harian tidak boleh dijalankan untuk tarikh selepas hari ini',
  },
  job_not_available: {
    'en-US': 'This job is not available yet',
    'zh-CN': '该任务暂不可用',
    'bm-MY': 'Tugas ini belum tersedia',
  },
  job_done: { 'en-US': 'Job finished', 'zh-CN': '任务已完成', 'bm-MY': 'Tugas selesai' },
  profit_below_fee: {
    'en-US': 'The daily profit must be more than the daily management fee',
    'zh-CN': '每日收益必须高于每日管理费',
    'bm-MY': 'Keuntungan harian mestilah melebihi caj pengurusan harian',
  },
  percent_invalid: {
    'en-US': '{field} must be a percentage above 0 and at most 100',
    'zh-CN': '{field}须为大于 0 且不超过 100 的百分比',
    'bm-MY': '{field} mestilah peratusan melebihi 0 dan paling banyak 100',
  },
  voucher_issued: { 'en-US': 'Voucher issued', 'zh-CN': '优惠券已发放', 'bm-MY': 'Baucar dikeluarkan' },
  'field.package_id': { 'en-US': 'Package', 'zh-CN': '套餐', 'bm-MY': 'Pakej' },
  'field.quantity': { 'en-US': 'Quantity', 'zh-CN': '数量', 'bm-MY': 'Kuantiti' },
  'field.voucher_id': { 'en-US': 'Voucher', 'zh-CN': '优惠券', 'bm-MY': 'Baucar' },
  'field.kyc': { 'en-US': 'Identity verification', 'zh-CN': '实名认证', 'bm-MY': 'Pengesahan identiti' },
  'field.job': { 'en-US': 'Job', 'zh-CN': '任务', 'bm-MY': 'Tugas' },
  'field.date': { 'en-US': 'Date', 'zh-CN': '日期', 'bm-MY': 'Tarikh' },
  'field.coin': { 'en-US': 'Coin', 'zh-CN': '币种', 'bm-MY': 'Syiling' },
  'field.capacity_unit': { 'en-US': 'Capacity unit', 'zh-CN': '算力单位', 'bm-MY': 'Unit kapasiti' },
  'field.unit_price': { 'en-US': 'Unit price', 'zh-CN': '单价', 'bm-MY': 'Harga seunit' },
  'field.term_days': { 'en-US': 'Term (days)', 'zh-CN': '合约期限（天）', 'bm-MY': 'Tempoh (hari)' },
  'field.daily_profit': {
    'en-US': 'Estimated daily profit',
    'zh-CN': '预计每日收益',
    'bm-MY': 'Anggaran keuntungan harian',
  },
  'field.daily_fee': {
    'en-US': 'Daily management fee',
    'zh-CN': '每日管理费',
    'bm-MY': 'Caj pengurusan harian',
  },
  'field.settle_asset': {
    'en-US': 'Settlement currency',
    'zh-CN': '结算币种',
    'bm-MY': 'Mata wang penyelesaian',
  },
  'field.settle_wallet': {
    'en-US': 'Settlement wallet',
    'zh-CN': '结算钱包',
    'bm-MY': 'Dompet penyelesaian',
  },
  'field.min_quantity': { 'en-US': 'Minimum order', 'zh-CN': '最低认购', 'bm-MY': 'Pesanan minimum' },
  'field.stock': { 'en-US': 'Stock', 'zh-CN': '存货', 'bm-MY': 'Stok' },
  'field.start_date': { 'en-US': 'Start date', 'zh-CN': '开始日期', 'bm-MY': 'Tarikh mula' },
  'field.start_delay_days': {
    'en-US': 'Days until mining starts',
    'zh-CN': '开始挖矿前天数',
    'bm-MY': 'Hari sebelum perlombongan bermula',
  },
  'field.discount_percent': { 'en-US': 'Discount (%)', 'zh-CN': '折扣 (%)', 'bm-MY': 'Diskaun (%)' },
  'field.expires_on': { 'en-US': 'Expiry date', 'zh-CN': '到期日期', 'bm-MY': 'Tarikh tamat' },
  // The estimate's assumptions (Admin/packagesave).
  'field.coin_price': { 'en-US': 'Coin price', 'zh-CN': '币价', 'bm-MY': 'Harga syiling' },
  'field.output_per_unit': {
    'en-US': 'Output per unit per day',
    'zh-CN': '每单位每日产出',
    'bm-MY': 'Hasil seunit sehari',
  },
  'field.assumptions_set_at': {
    'en-US': 'Assumptions set on',
    'zh-CN': '假设设定日期',
    'bm-MY': 'Andaian ditetapkan pada',
  },
  'field.assumptions_note': { 'en-US': 'Assumptions note', 'zh-CN': '假设说明', 'bm-MY': 'Nota andaian' },
} satisfies Record<string, Texts>;
