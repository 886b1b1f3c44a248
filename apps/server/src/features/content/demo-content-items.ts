import type { ContentKind, Language } from '@mp/contract';

// The demo's content (issue 13): news with pictures, sliders, announcements, an important notice, help questions,
// a beginners guide, training, a video, a PDF file, promotions and About us, every one in the three languages (an
// item without the member's language falls back to English, marked so: content.test.ts). Pictures and the video are
// files of the demo's art (demo-art.ts, drawn by scripts/demo-art); the PDFs are made in code (demo-content.ts).

export type Texts = Partial<Record<Language, { title: string; body?: string; category?: string }>>;
export type Item = {
  kind: ContentKind;
  texts: Texts;
  /** A file of the demo's art: the item's picture (the video's poster). */
  picture?: string;
  /** A file of the demo's art: the item's video. */
  video?: string;
  pdf?: string[];
  link?: string;
  daysAgo?: number;
};

export const DEMO_CONTENT_ITEMS: Item[] = [
  {
    kind: 'announcement',
    daysAgo: 6,
    texts: {
      'en-US': {
        title: 'Welcome to the member platform',
        body: 'Sign up, invite friends and build your team. New areas open every week.',
      },
      'zh-CN': { title: '欢迎来到会员平台', body: '注册、邀请好友并建立您的团队。每周都有新功能上线。' },
      'bm-MY': {
        title: 'Selamat datang ke platform ahli',
        body: 'Daftar, jemput rakan dan bina pasukan anda. Kawasan baharu dibuka setiap minggu.',
      },
    },
  },
  {
    kind: 'announcement',
    daysAgo: 1,
    texts: {
      'en-US': {
        title: 'Scheduled maintenance',
        body: 'The platform will be under maintenance on Sunday 02:00-03:00 (UTC+8).',
      },
      'zh-CN': { title: '系统维护通知', body: '平台将于周日 02:00-03:00 (UTC+8) 进行维护。' },
      'bm-MY': {
        title: 'Penyelenggaraan berjadual',
        body: 'Platform akan diselenggara pada hari Ahad 02:00-03:00 (UTC+8).',
      },
    },
  },
  {
    kind: 'notice',
    texts: {
      'en-US': {
        title: 'Protect your account',
        body: 'Staff will never ask for your password or transaction password.\n\nTurn on two-factor authentication under Me > Account settings > Two-factor authentication.',
      },
      'zh-CN': {
        title: '保护您的账户',
        body: '工作人员绝不会向您索取登录密码或交易密码。\n\n请在“我的 > 账户设置 > 双重验证”中开启。',
      },
      'bm-MY': {
        title: 'Lindungi akaun anda',
        body: 'Kakitangan tidak akan meminta kata laluan atau kata laluan transaksi anda.\n\nHidupkan pengesahan dua faktor di Saya > Tetapan akaun > Pengesahan dua faktor.',
      },
    },
  },
  {
    kind: 'news',
    daysAgo: 5,
    picture: 'news-mining.webp',
    texts: {
      'en-US': {
        title: 'Cloud mining: new S21 capacity on sale',
        body: 'More BTC S21 capacity is on sale from today.\n\nIncome is paid daily to your funds wallet; see Mining > Income for the details.',
      },
      'zh-CN': {
        title: '云挖矿：S21 新算力开售',
        body: '今日起开售更多 BTC S21 算力。\n\n收益每日发放至资金钱包，详情请见“挖矿 > 收益”。',
      },
      'bm-MY': {
        title: 'Perlombongan awan: kapasiti S21 baharu dijual',
        body: 'Lebih banyak kapasiti BTC S21 dijual mulai hari ini.\n\nPendapatan dibayar setiap hari ke dompet dana anda.',
      },
    },
  },
  {
    kind: 'news',
    daysAgo: 3,
    picture: 'news-team.webp',
    texts: {
      'en-US': {
        title: 'Team bonus week',
        body: 'Pairing bonuses are paid every night. Balance your two legs to earn more.',
      },
      'zh-CN': { title: '团队奖金周', body: '对碰奖金每晚发放。平衡两条线可获得更多奖金。' },
      'bm-MY': {
        title: 'Minggu bonus pasukan',
        body: 'Bonus berpasangan dibayar setiap malam. Seimbangkan dua kaki anda untuk memperoleh lebih banyak.',
      },
    },
  },
  {
    kind: 'news',
    daysAgo: 0,
    picture: 'news-checkin.webp',
    texts: {
      'en-US': {
        title: 'Daily check-in is open',
        body: 'Check in every day under Game to collect X Tokens. Seven days in a row pay the most.',
      },
      'zh-CN': {
        title: '每日签到已开放',
        body: '每天在“游戏”中签到即可领取 X Token。连续签到七天奖励最多。',
      },
      'bm-MY': {
        title: 'Daftar masuk harian kini dibuka',
        body: 'Daftar masuk setiap hari di bawah Permainan untuk mengumpul X Token. Tujuh hari berturut-turut memberi ganjaran paling banyak.',
      },
    },
  },
  {
    kind: 'slider',
    picture: 'slider-mining.webp',
    link: '/pages/Mining/packages',
    texts: {
      'en-US': { title: 'Cloud mining' },
      'zh-CN': { title: '云挖矿' },
      'bm-MY': { title: 'Perlombongan awan' },
    },
  },
  {
    kind: 'slider',
    picture: 'slider-checkin.webp',
    link: '/pages/Game/game',
    texts: {
      'en-US': { title: 'Daily check-in' },
      'zh-CN': { title: '每日签到' },
      'bm-MY': { title: 'Daftar masuk harian' },
    },
  },
  {
    kind: 'slider',
    picture: 'slider-bots.webp',
    link: '/pages/trade/trademain',
    texts: {
      'en-US': { title: 'Trading bots' },
      'zh-CN': { title: '交易机器人' },
      'bm-MY': { title: 'Bot dagangan' },
    },
  },
  ...(
    [
      [
        'Account',
        '账户',
        'Akaun',
        'How do I change my password?',
        '如何修改登录密码？',
        'Bagaimana menukar kata laluan saya?',
        'Open Me > Account settings > Login password.',
        '打开“我的 > 账户设置 > 登录密码”。',
        'Buka Saya > Tetapan akaun > Kata laluan.',
      ],
      [
        'Account',
        '账户',
        'Akaun',
        'Why verify my identity?',
        '为什么要实名认证？',
        'Mengapa mengesahkan identiti saya?',
        'Withdrawals need an approved identity verification.',
        '提现需要通过实名认证。',
        'Pengeluaran memerlukan pengesahan identiti yang diluluskan.',
      ],
      [
        'Wallet',
        '钱包',
        'Dompet',
        'How long does a withdrawal take?',
        '提现需要多久？',
        'Berapa lama pengeluaran mengambil masa?',
        'An admin reviews each withdrawal, usually within one working day.',
        '每笔提现由管理员审核，通常在一个工作日内完成。',
        'Admin menyemak setiap pengeluaran, biasanya dalam satu hari bekerja.',
      ],
      [
        'Wallet',
        '钱包',
        'Dompet',
        'What is the transaction password?',
        '什么是交易密码？',
        'Apakah kata laluan transaksi?',
        'A second password that every payment asks for.',
        '每笔支付都需要输入的第二个密码。',
        'Kata laluan kedua yang diminta oleh setiap pembayaran.',
      ],
    ] as const
  ).map(
    ([c1, c2, c3, q1, q2, q3, a1, a2, a3]): Item => ({
      kind: 'help',
      texts: {
        'en-US': { title: q1, body: a1, category: c1 },
        'zh-CN': { title: q2, body: a2, category: c2 },
        'bm-MY': { title: q3, body: a3, category: c3 },
      },
    }),
  ),
  ...(
    [
      [
        'Sign up and log in',
        '注册并登录',
        'Daftar dan log masuk',
        'Sign up with your sponsor’s ID, then log in with your user ID and password.',
        '使用推荐人 ID 注册，然后用您的用户 ID 和密码登录。',
        'Daftar dengan ID penaja anda, kemudian log masuk.',
        'guide-signup.webp',
      ],
      [
        'Set your transaction password',
        '设置交易密码',
        'Tetapkan kata laluan transaksi',
        'Every payment asks for it. Set it under Me > Account settings.',
        '每笔支付都需要它。请在“我的 > 账户设置”中设置。',
        'Setiap pembayaran memerlukannya. Tetapkan di Saya > Tetapan akaun.',
        'guide-txpassword.webp',
      ],
      [
        'Verify your identity',
        '完成实名认证',
        'Sahkan identiti anda',
        'Send your ID card pictures; an admin approves them.',
        '上传证件照片，由管理员审核。',
        'Hantar gambar kad pengenalan anda; admin akan meluluskannya.',
        'guide-identity.webp',
      ],
      [
        'Buy your first package',
        '购买第一个矿机',
        'Beli pakej pertama anda',
        'Choose a cloud mining package; income starts the next day.',
        '选择云挖矿套餐，次日开始产生收益。',
        'Pilih pakej perlombongan awan; pendapatan bermula keesokan hari.',
        'guide-package.webp',
      ],
    ] as const
  ).map(
    ([t1, t2, t3, b1, b2, b3, picture]): Item => ({
      kind: 'guide',
      picture,
      texts: {
        'en-US': { title: t1, body: b1 },
        'zh-CN': { title: t2, body: b2 },
        'bm-MY': { title: t3, body: b3 },
      },
    }),
  ),
  {
    kind: 'training',
    picture: 'training.webp',
    pdf: [
      'Team building 101',
      '',
      '1. Invite friends with your link.',
      '2. Place them on your weaker leg.',
      '3. Help them buy their first package.',
    ],
    texts: {
      'en-US': {
        title: 'Team building 101',
        body: 'How to invite, place and support your team. The handout is attached.',
      },
      'zh-CN': { title: '团队建设入门', body: '如何邀请、安置和支持您的团队。讲义见附件。' },
      'bm-MY': {
        title: 'Asas membina pasukan',
        body: 'Cara menjemput, menempatkan dan menyokong pasukan anda. Nota dilampirkan.',
      },
    },
  },
  {
    kind: 'video',
    daysAgo: 2,
    picture: 'video-poster.webp',
    video: 'video-mining.webm',
    texts: {
      'en-US': {
        title: 'How cloud mining pays you',
        body: 'Your capacity mines in our data centre; the income reaches your wallet every day. Watch it in six seconds.',
      },
      'zh-CN': {
        title: '云挖矿如何为您带来收益',
        body: '您的算力在我们的数据中心挖矿，收益每天到账您的钱包。六秒看懂。',
      },
      'bm-MY': {
        title: 'Cara perlombongan awan membayar anda',
        body: 'Kapasiti anda melombong di pusat data kami; pendapatan masuk ke dompet anda setiap hari. Tonton dalam enam saat.',
      },
    },
  },
  {
    kind: 'file',
    pdf: [
      'Member handbook',
      '',
      'Wallets: deposit, trading, reward, funds.',
      'Withdrawals need identity verification.',
      'Bonuses: sponsor, level, pairing.',
    ],
    texts: {
      'en-US': { title: 'Member handbook (PDF)', body: 'Wallets, withdrawals and bonuses on one page.' },
      'zh-CN': { title: '会员手册 (PDF)', body: '一页了解钱包、提现与奖金。' },
      'bm-MY': {
        title: 'Buku panduan ahli (PDF)',
        body: 'Dompet, pengeluaran dan bonus dalam satu halaman.',
      },
    },
  },
  {
    kind: 'promo',
    picture: 'promo.webp',
    link: '/pages/Mining/packages',
    texts: {
      'en-US': {
        title: 'Year-end mining promotion',
        body: 'Buy any package before 31 December and get a voucher for your next one.',
      },
      'zh-CN': { title: '年终挖矿优惠', body: '12 月 31 日前购买任意套餐，即可获得下次购买的优惠券。' },
      'bm-MY': {
        title: 'Promosi perlombongan akhir tahun',
        body: 'Beli mana-mana pakej sebelum 31 Disember dan dapatkan baucar untuk pembelian seterusnya.',
      },
    },
  },
  {
    kind: 'about',
    texts: {
      'en-US': {
        title: 'About us',
        body: 'We run cloud mining and a member network since 2024.\n\nOur team answers every enquiry within one working day.',
      },
      'zh-CN': {
        title: '关于我们',
        body: '我们自 2024 年起经营云挖矿与会员网络。\n\n我们的团队会在一个工作日内回复每一条咨询。',
      },
      'bm-MY': {
        title: 'Tentang kami',
        body: 'Kami mengendalikan perlombongan awan dan rangkaian ahli sejak 2024.\n\nPasukan kami menjawab setiap pertanyaan dalam satu hari bekerja.',
      },
    },
  },
];
