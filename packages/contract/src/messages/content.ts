import type { Texts } from '../messages.ts';

/** Messages of content and support (issue 13), in the three languages; merged into MESSAGES. */
export const CONTENT_MESSAGES = {
  content_not_found: {
    'en-US': 'This article is not available',
    'zh-CN': '该内容不存在或已下架',
    'bm-MY': 'Artikel ini tidak tersedia',
  },
  content_saved: { 'en-US': 'Saved', 'zh-CN': '已保存', 'bm-MY': 'Disimpan' },
  content_deleted: { 'en-US': 'Deleted', 'zh-CN': '已删除', 'bm-MY': 'Dipadam' },
  content_publish_at_invalid: {
    'en-US': 'Publish time must be a date and time, e.g. 2026-12-01T09:00',
    'zh-CN': '发布时间格式不正确，例如 2026-12-01T09:00',
    'bm-MY': 'Masa terbit mestilah tarikh dan masa, cth. 2026-12-01T09:00',
  },
  content_link_invalid: {
    'en-US': 'A link must start with https://, http:// or / (a page of the app)',
    'zh-CN': '链接必须以 https://、http:// 或 /（应用内页面）开头',
    'bm-MY': 'Pautan mesti bermula dengan https://, http:// atau / (halaman aplikasi)',
  },
  upload_not_found: {
    'en-US': 'This file was not found; upload it again',
    'zh-CN': '文件不存在，请重新上传',
    'bm-MY': 'Fail ini tidak dijumpai; sila muat naik semula',
  },
  upload_wrong_kind: {
    'en-US': 'This file is not of the kind this field takes',
    'zh-CN': '文件类型与此项不符',
    'bm-MY': 'Jenis fail ini tidak sesuai untuk ruangan ini',
  },
  upload_type: {
    'en-US':
      'The file is not what it claims to be (pictures: JPEG, PNG or WebP; videos: MP4 or WebM; documents: PDF)',
    'zh-CN': '文件内容与类型不符（图片：JPEG、PNG、WebP；视频：MP4、WebM；文档：PDF）',
    'bm-MY':
      'Fail ini bukan seperti yang dinyatakan (gambar: JPEG, PNG atau WebP; video: MP4 atau WebM; dokumen: PDF)',
  },
  upload_too_large: {
    'en-US': 'The file is too large (at most {max} MB)',
    'zh-CN': '文件过大（最大 {max} MB）',
    'bm-MY': 'Fail terlalu besar (maksimum {max} MB)',
  },
  enquiry_sent: {
    'en-US': 'Sent. Customer service will answer you soon.',
    'zh-CN': '已提交，客服会尽快回复您',
    'bm-MY': 'Dihantar. Khidmat pelanggan akan menjawab anda tidak lama lagi.',
  },
  enquiry_not_found: {
    'en-US': 'Enquiry not found',
    'zh-CN': '咨询不存在',
    'bm-MY': 'Pertanyaan tidak dijumpai',
  },
  enquiry_closed: {
    'en-US': 'This enquiry is closed; please write a new one',
    'zh-CN': '该咨询已关闭，请重新提交',
    'bm-MY': 'Pertanyaan ini telah ditutup; sila tulis yang baharu',
  },
  enquiry_replied: { 'en-US': 'Reply sent', 'zh-CN': '回复已发送', 'bm-MY': 'Jawapan dihantar' },
  enquiry_answer_subject: {
    'en-US': 'Customer service answered your enquiry',
    'zh-CN': '客服已回复您的咨询',
    'bm-MY': 'Khidmat pelanggan telah menjawab pertanyaan anda',
  },
  enquiry_answer_body: {
    'en-US': 'Customer service answered your enquiry "{subject}". Open My enquiries in the app to read it.',
    'zh-CN': '客服已回复您的咨询“{subject}”，请在应用的“我的咨询”中查看。',
    'bm-MY':
      'Khidmat pelanggan telah menjawab pertanyaan anda "{subject}". Buka Pertanyaan saya dalam aplikasi untuk membacanya.',
  },
  game_checked_in: {
    'en-US': 'Checked in: {amount} {asset} added to your funds wallet',
    'zh-CN': '签到成功：{amount} {asset} 已存入资金钱包',
    'bm-MY': 'Daftar masuk berjaya: {amount} {asset} ditambah ke dompet dana anda',
  },
  game_already_today: {
    'en-US': 'You have already checked in today. Come back tomorrow!',
    'zh-CN': '今天已签到，明天再来吧！',
    'bm-MY': 'Anda sudah daftar masuk hari ini. Datang lagi esok!',
  },
  game_closed: {
    'en-US': 'The daily check-in is closed for now',
    'zh-CN': '每日签到暂时关闭',
    'bm-MY': 'Daftar masuk harian ditutup buat masa ini',
  },
} satisfies Record<string, Texts>;
