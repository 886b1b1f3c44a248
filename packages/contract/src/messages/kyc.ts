import type { Texts } from '../messages.ts';

/** Messages of the kyc area (issue 5), in the three languages; merged into MESSAGES. */
export const KYC_MESSAGES = {
  kyc_submitted: {
    'en-US': 'Submitted. Waiting for approval.',
    'zh-CN': '提交成功，等待审核',
    'bm-MY': 'Dihantar. Menunggu kelulusan.',
  },
  kyc_pending: {
    'en-US': 'Your identity verification is waiting for approval',
    'zh-CN': '您的实名认证正在等待审核',
    'bm-MY': 'Pengesahan identiti anda sedang menunggu kelulusan',
  },
  kyc_already_approved: {
    'en-US': 'Your identity verification is already approved',
    'zh-CN': '您的实名认证已通过',
    'bm-MY': 'Pengesahan identiti anda telah diluluskan',
  },
  kyc_id_taken: {
    'en-US': 'This ID type and number are already used by another member',
    'zh-CN': '该证件类型和号码已被其他会员使用',
    'bm-MY': 'Jenis dan nombor dokumen ini telah digunakan oleh ahli lain',
  },
  kyc_id_available: {
    'en-US': 'This ID can be used',
    'zh-CN': '该证件可以使用',
    'bm-MY': 'Dokumen ini boleh digunakan',
  },
  kyc_id_number_format: {
    'en-US': 'ID number may contain only letters, digits, spaces and dashes',
    'zh-CN': '证件号码只能包含字母、数字、空格和横线',
    'bm-MY': 'Nombor dokumen hanya boleh mengandungi huruf, nombor, ruang dan sengkang',
  },
  kyc_country_unknown: {
    'en-US': 'Please choose a country from the list',
    'zh-CN': '请从列表中选择国家',
    'bm-MY': 'Sila pilih negara daripada senarai',
  },
  kyc_image_type: {
    'en-US': '{field}: only JPEG, PNG or WebP pictures are accepted',
    'zh-CN': '{field}：仅支持 JPEG、PNG 或 WebP 图片',
    'bm-MY': '{field}: hanya gambar JPEG, PNG atau WebP diterima',
  },
  kyc_image_too_large: {
    'en-US': '{field}: each picture may be at most 5 MB',
    'zh-CN': '{field}：每张图片不能超过 5 MB',
    'bm-MY': '{field}: setiap gambar paling besar 5 MB',
  },
  kyc_not_found: {
    'en-US': 'Verification not found',
    'zh-CN': '认证记录不存在',
    'bm-MY': 'Pengesahan tidak dijumpai',
  },
  kyc_image_not_found: {
    'en-US': 'Picture not found',
    'zh-CN': '图片不存在',
    'bm-MY': 'Gambar tidak dijumpai',
  },
  kyc_decided: {
    'en-US': 'This verification has already been decided',
    'zh-CN': '该认证已审核',
    'bm-MY': 'Pengesahan ini telah diputuskan',
  },
  'field.country': { 'en-US': 'Country', 'zh-CN': '国家', 'bm-MY': 'Negara' },
  'field.id_type': { 'en-US': 'ID type', 'zh-CN': '证件类型', 'bm-MY': 'Jenis dokumen' },
  'field.id_number': { 'en-US': 'ID number', 'zh-CN': '证件号码', 'bm-MY': 'Nombor dokumen' },
  'field.front': { 'en-US': 'Front', 'zh-CN': '正面', 'bm-MY': 'Depan' },
  'field.back': { 'en-US': 'Back', 'zh-CN': '反面', 'bm-MY': 'Belakang' },
  'field.holding': { 'en-US': 'Holding the ID', 'zh-CN': '手持证件照', 'bm-MY': 'Memegang dokumen' },
} satisfies Record<string, Texts>;
