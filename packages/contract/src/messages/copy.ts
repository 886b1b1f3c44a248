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
  copy_package_not_found: {
    'en-US': 'This package is not offered',
    'zh-CN': '该套餐不存在或已下架',
    'bm-MY': 'Pakej ini tidak ditawarkan',
  },
  copy_not_company: {
    'en-US': "This package is not the company's managed strategy",
    'zh-CN': '该套餐不属于公司托管策略',
    'bm-MY': 'Pakej ini bukan strategi terurus syarikat',
  },
  copy_company_package: {
    'en-US': "Invest in the company's managed strategy from its own page",
    'zh-CN': '请在公司托管策略页面投资该套餐',
    'bm-MY': 'Labur dalam strategi terurus syarikat dari halamannya sendiri',
  },
  copy_kyc_required: {
    'en-US': 'Verify your identity before you copy a trader',
    'zh-CN': '跟单前请先完成实名认证',
    'bm-MY': 'Sahkan identiti anda sebelum menyalin pedagang',
  },
  copy_agree_required: {
    'en-US': 'Please accept the copy trading agreement',
    'zh-CN': '请同意跟单协议',
    'bm-MY': 'Sila terima perjanjian dagangan salin',
  },
  copy_amount_min: {
    'en-US': 'The least you can invest in this package is {min} USDT',
    'zh-CN': '该套餐最低投资 {min} USDT',
    'bm-MY': 'Pelaburan minimum pakej ini ialah {min} USDT',
  },
  copy_own_trader: {
    'en-US': 'You cannot copy your own trades',
    'zh-CN': '不能跟随自己的交易',
    'bm-MY': 'Anda tidak boleh menyalin dagangan anda sendiri',
  },
  copy_investment_not_found: {
    'en-US': 'No such copy investment',
    'zh-CN': '跟单投资不存在',
    'bm-MY': 'Tiada pelaburan salin sedemikian',
  },
  copy_not_active: {
    'en-US': 'This copy investment has ended',
    'zh-CN': '该跟单投资已结束',
    'bm-MY': 'Pelaburan salin ini telah tamat',
  },
  copy_pool_empty: {
    'en-US': "This trader's pool has no value left; new investments are paused",
    'zh-CN': '该交易员的资金池已无价值，暂停新投资',
    'bm-MY': 'Kumpulan pedagang ini tiada nilai lagi; pelaburan baharu digantung',
  },
  copy_trader_unavailable: {
    'en-US': 'This lead trader is not taking followers',
    'zh-CN': '该带单交易员暂不接受跟单',
    'bm-MY': 'Pedagang utama ini tidak menerima pengikut',
  },
  copy_percent_invalid: {
    'en-US': 'Enter a percentage from 0 to 50 with at most two decimals',
    'zh-CN': '请输入 0 到 50 之间、最多两位小数的百分比',
    'bm-MY': 'Masukkan peratusan 0 hingga 50 dengan paling banyak dua titik perpuluhan',
  },
  trader_reset_refused: {
    'en-US': "A lead trader's demo account keeps its record: it cannot be reset",
    'zh-CN': '带单交易员的模拟账户需保留交易记录，不能重置',
    'bm-MY': 'Akaun demo pedagang utama menyimpan rekodnya: ia tidak boleh ditetapkan semula',
  },
  copy_invested: {
    'en-US': 'Invested: you now copy this trader',
    'zh-CN': '投资成功：您已开始跟单该交易员',
    'bm-MY': 'Dilaburkan: anda kini menyalin pedagang ini',
  },
  copy_topped_up: {
    'en-US': 'Funds added to your copy investment',
    'zh-CN': '已为跟单投资追加资金',
    'bm-MY': 'Dana ditambah ke pelaburan salin anda',
  },
  copy_renewed: {
    'en-US': 'Renewed for another term',
    'zh-CN': '已续期一个周期',
    'bm-MY': 'Diperbaharui untuk satu tempoh lagi',
  },
  copy_stopped: {
    'en-US': 'Copying stopped: the value was returned to your trading wallet',
    'zh-CN': '已停止跟单：资金已退回交易钱包',
    'bm-MY': 'Salinan dihentikan: nilainya dikembalikan ke dompet dagangan anda',
  },
  copy_settled: {
    'en-US': "Today's settlement has run",
    'zh-CN': '今日结算已完成',
    'bm-MY': 'Penyelesaian hari ini telah dijalankan',
  },
  wallet_moved: {
    'en-US': 'Moved between your wallets',
    'zh-CN': '已在您的钱包之间划转',
    'bm-MY': 'Dipindahkan antara dompet anda',
  },
  wallet_move_same: {
    'en-US': 'Choose two different wallets',
    'zh-CN': '请选择两个不同的钱包',
    'bm-MY': 'Pilih dua dompet yang berbeza',
  },
} satisfies Record<string, Texts>;
