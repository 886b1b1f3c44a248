import { totpDisable, totpEnable, totpSetup, totpStatus } from '@mp/contract';
import { handle, reply } from '../../platform/calls.ts';
import { changeTotp } from '../members/index.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';

export function securityRoutes(d: MoneyDeps) {
  return [
    handle(totpStatus, async (_i, ctx) => ({ enabled: await d.totp.status(ctx.member.id) })),
    handle(totpSetup, async (_i, ctx) => d.totp.setup(ctx.member.id, ctx.member.userid)),
    handle(totpEnable, async ({ totp, password }, ctx) => {
      const who = { memberId: ctx.member.id, ip: ctx.ip };
      await changeTotp(d, who, password, () => d.totp.enable(ctx.member.id, totp), 'totp_enabled');
      return reply({ enabled: true }, 'saved');
    }),
    handle(totpDisable, async ({ totp, tx_password, password }, ctx) => {
      const who = { memberId: ctx.member.id, ip: ctx.ip };
      const off = async () => {
        await d.txPassword.verify(ctx.member, tx_password);
        await d.totp.disable(ctx.member.id, totp);
      };
      await changeTotp(d, who, password, off, 'totp_disabled');
      return reply({ enabled: false }, 'saved');
    }),
  ];
}
