import {
  adminApproveWd,
  adminPayoutSettings,
  adminPayoutSettingsSave,
  adminWdManualPaid,
  adminUnbindAddress,
  adminWdList,
  getBankList,
  getCAddress,
  getCRAddress,
  showWithdrawAddress,
  updateCAddress,
  withdrawAddressType,
  withdrawHistory,
  withdrawMenu,
  withdrawNote,
  withdrawPreview,
  withdrawSave,
} from '@mp/contract';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { bindAddress, requestWithdrawal } from './service.ts';
import { payoutSettingsView, savePayoutSettings } from './payout-settings.ts';
import { adminWithdrawals, decide, manualPaid, unbindAddress } from './withdraw-admin.ts';
import {
  addressTypes,
  addressView,
  addressWithNetwork,
  maskedAddress,
  memberWithdrawals,
  previewWithdrawal,
  withdrawalMenu,
  withdrawalNotes,
} from './withdraw-reads.ts';

/** The withdrawal calls: the member's address and withdrawals, and the admin's decisions. */
export function withdrawRoutes(d: MoneyDeps): CallRoute[] {
  return [
    handle(withdrawAddressType, () => addressTypes(d)),
    handle(getBankList, () => addressTypes(d)),
    handle(getCAddress, (_i, ctx) => addressView(d.db, ctx.member.id)),
    handle(getCRAddress, (_i, ctx) => addressWithNetwork(d.db, ctx.member.id)),
    handle(updateCAddress, async (input, ctx) => reply(await bindAddress(d, ctx, input), 'saved')),
    handle(showWithdrawAddress, (_i, ctx) => maskedAddress(d.db, ctx.member.id)),
    handle(withdrawMenu, (_i, ctx) => withdrawalMenu(d, ctx.member.id)),
    handle(withdrawPreview, (input, ctx) => previewWithdrawal(d.db, ctx.member.id, input)),
    handle(withdrawNote, (_i, ctx) => withdrawalNotes(ctx.lang)),
    handle(withdrawSave, async (input, ctx) =>
      reply(await requestWithdrawal(d, ctx, input), 'withdraw_requested'),
    ),
    handle(withdrawHistory, (input, ctx) => memberWithdrawals(d, ctx.member.id, input)),
    handle(adminWdList, (input) => adminWithdrawals(d, input)),
    handle(adminApproveWd, async (input, ctx) => {
      const { view, msg } = await decide(d, ctx, input);
      return reply(view, msg);
    }),
    handle(adminWdManualPaid, async (input, ctx) =>
      reply(await manualPaid(d, ctx, input), 'manual_payment_recorded'),
    ),
    handle(adminPayoutSettings, () => payoutSettingsView(d)),
    handle(adminPayoutSettingsSave, async (input, ctx) =>
      reply(await savePayoutSettings(d, ctx, input), 'saved'),
    ),
    handle(adminUnbindAddress, async (input, ctx) =>
      reply(await unbindAddress(d, ctx.member.id, input), 'saved'),
    ),
  ];
}
