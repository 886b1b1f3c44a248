import type { Texts } from '../messages.ts';

/**
 * Labels of the account forms' fields and of fields many calls share (paging, language, ids), in the three
 * languages; merged into MESSAGES.
 */
export const FIELD_MESSAGES = {
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
