import type { Texts } from '../messages.ts';

/** Messages of copy trading (issue 15), in the three languages; merged into MESSAGES. */
export const COPY_MESSAGES = {
  trader_kyc_required: {
    'en-US': 'Verify your identity before you apply to become a lead trader',
    'zh-CN': '申请成为带单交易员前请先完成实名认证',
    'bm-MY': 'Sahkan identiti anda sebelum memohon menjadi pedagang utama',
  },
  trader_agree_required: {
    'en-US': 'Please accept the lead trader agreement',
    'zh-CN': '请同意带单交易员协议',
    'bm-MY': 'Sila terima perjanjian pedagang utama',
  },
  trader_already_applied: {
    'en-US': 'Your application is already under review',
    'zh-CN': '您的申请正在审核中',
    'bm-MY': 'Permohonan anda sedang disemak',
  },
  trader_already_approved: {
    'en-US': 'You are already a lead trader',
    'zh-CN': '您已是带单交易员',
    'bm-MY': 'Anda sudah menjadi pedagang utama',
  },
  trader_not_approved: {
    'en-US': 'Only an approved lead trader has a profile to edit',
    'zh-CN': '只有已批准的带单交易员可以编辑资料',
    'bm-MY': 'Hanya pedagang utama yang diluluskan boleh menyunting profil',
  },
  trader_not_found: {
    'en-US': 'No such application',
    'zh-CN': '申请不存在',
    'bm-MY': 'Tiada permohonan sedemikian',
  },
  trader_decided: {
    'en-US': 'This application has already been decided',
    'zh-CN': '该申请已处理',
    'bm-MY': 'Permohonan ini telah diputuskan',
  },
  trader_applied: {
    'en-US': 'Application sent: an administrator will review it',
    'zh-CN': '申请已提交，管理员将进行审核',
    'bm-MY': 'Permohonan dihantar: pentadbir akan menyemaknya',
  },
} satisfies Record<string, Texts>;
