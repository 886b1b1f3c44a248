import type { Texts } from '../messages.ts';

/** Messages of admin roles, two-factor for admins and two-person approval; merged into MESSAGES. */
export const ADMIN_SECURITY_MESSAGES = {
  admin_totp_required: {
    'en-US': 'Set up two-factor authentication before using the admin area',
    'zh-CN': '使用管理后台前请先设置双重验证',
    'bm-MY': 'Sediakan pengesahan dua faktor sebelum menggunakan kawasan Pentadbir',
  },
  second_approver_required: {
    'en-US': 'You approved this already: a second admin must approve it',
    'zh-CN': '您已审核过：需由另一位管理员再次审核',
    'bm-MY': 'Anda telah meluluskannya: seorang pentadbir lain mesti meluluskannya',
  },
  first_approval_recorded: {
    'en-US': 'Approval recorded: waiting for a second approver',
    'zh-CN': '已记录审核：等待第二位审核人',
    'bm-MY': 'Kelulusan direkodkan: menunggu pelulus kedua',
  },
  adjustment_pending: {
    'en-US': 'Above the two-person limit: waiting for a second approver',
    'zh-CN': '超过双人审核限额：等待第二位审核人',
    'bm-MY': 'Melebihi had dua orang: menunggu pelulus kedua',
  },
  adjustment_not_found: {
    'en-US': 'This adjustment was not found',
    'zh-CN': '找不到该调账',
    'bm-MY': 'Pelarasan ini tidak dijumpai',
  },
  adjustment_decided: {
    'en-US': 'This adjustment has already been decided',
    'zh-CN': '该调账已处理',
    'bm-MY': 'Pelarasan ini telah diputuskan',
  },
  admin_own_role: {
    'en-US': 'You cannot change your own admin role',
    'zh-CN': '不能修改自己的管理员角色',
    'bm-MY': 'Anda tidak boleh menukar peranan pentadbir anda sendiri',
  },
  admin_last_owner: {
    'en-US': 'The last owner cannot lose the owner role',
    'zh-CN': '最后一位所有者不能被取消所有者角色',
    'bm-MY': 'Pemilik terakhir tidak boleh kehilangan peranan pemilik',
  },
  'field.role': { 'en-US': 'Role', 'zh-CN': '角色', 'bm-MY': 'Peranan' },
} satisfies Record<string, Texts>;
