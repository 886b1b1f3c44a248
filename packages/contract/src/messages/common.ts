import type { Texts } from '../messages.ts';

/**
 * Messages every call may answer with (success, refusals, limits, invalid fields), in the three languages;
 * merged into MESSAGES.
 */
export const COMMON_MESSAGES = {
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
} satisfies Record<string, Texts>;
