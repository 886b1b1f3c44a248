import type { Texts } from '../messages.ts';

/** Messages of the network area (issue 4), in the three languages; merged into MESSAGES. */
export const NETWORK_MESSAGES = {
  not_in_downline: {
    'en-US': 'This member is not in your downline',
    'zh-CN': '该会员不在您的下线中',
    'bm-MY': 'Ahli ini bukan dalam rangkaian bawahan anda',
  },
  plan_rank_order: {
    'en-US': 'Each rank must need at least as much as the rank below it',
    'zh-CN': '每个级别的条件不得低于下一级别',
    'bm-MY': 'Setiap pangkat mesti memerlukan sekurang-kurangnya sebanyak pangkat di bawahnya',
  },
  plan_percent_too_high: {
    'en-US': 'The sponsor and level bonuses together may pay at most 100% of a purchase',
    'zh-CN': '推荐奖与层级奖合计不得超过购买金额的 100%',
    'bm-MY': 'Bonus penaja dan bonus tahap bersama tidak boleh melebihi 100% daripada pembelian',
  },
  plan_pair_unit: {
    'en-US': 'The pair volume must be more than 0',
    'zh-CN': '每对业绩必须大于 0',
    'bm-MY': 'Jumlah setiap pasangan mesti lebih daripada 0',
  },
  pairing_later_date_settled: {
    'en-US': 'Pairing is already settled for a later date ({date}): dates are settled in order',
    'zh-CN': '已结算更晚日期（{date}）的对碰奖：日期须按顺序结算',
    'bm-MY':
      'Pasangan telah diselesaikan untuk tarikh kemudian ({date}): tarikh diselesaikan mengikut urutan',
  },
  member_already_frozen: {
    'en-US': 'This member is already frozen',
    'zh-CN': '该会员已被冻结',
    'bm-MY': 'Ahli ini sudah dibekukan',
  },
  member_not_frozen: {
    'en-US': 'This member is not frozen',
    'zh-CN': '该会员未被冻结',
    'bm-MY': 'Ahli ini tidak dibekukan',
  },
  member_status_admin: {
    'en-US': 'Administrators and the company account cannot be frozen',
    'zh-CN': '管理员和公司账户不能被冻结',
    'bm-MY': 'Pentadbir dan akaun syarikat tidak boleh dibekukan',
  },
} satisfies Record<string, Texts>;
