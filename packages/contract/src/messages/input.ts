import type { Texts } from '../messages.ts';

/** Messages for hostile or impossible input (control characters, amounts beyond the ledger); merged into MESSAGES. */
export const INPUT_MESSAGES = {
  field_control_chars: {
    'en-US': '{field} contains characters that are not allowed',
    'zh-CN': '{field}包含不允许的字符',
    'bm-MY': '{field} mengandungi aksara yang tidak dibenarkan',
  },
  request_unreadable: {
    'en-US': 'The request could not be read. Please try again.',
    'zh-CN': '无法读取请求，请重试',
    'bm-MY': 'Permintaan tidak dapat dibaca. Sila cuba lagi.',
  },
  request_too_large: {
    'en-US': 'The request is too large',
    'zh-CN': '请求内容过大',
    'bm-MY': 'Permintaan terlalu besar',
  },
  request_type_unsupported: {
    'en-US': 'This kind of request is not supported',
    'zh-CN': '不支持此请求格式',
    'bm-MY': 'Jenis permintaan ini tidak disokong',
  },
  request_conflict: {
    'en-US': 'This was changed at the same moment elsewhere. Please try again.',
    'zh-CN': '该内容正被同时修改，请重试',
    'bm-MY': 'Ini telah diubah pada masa yang sama di tempat lain. Sila cuba lagi.',
  },
} satisfies Record<string, Texts>;
