import { totpDisable, totpEnable, totpSetup, totpStatus } from '@mp/contract';
import { handle, reply } from '../../http/calls.ts';
import type { MoneyDeps } from '../wallet/money-deps.ts';

export function securityRoutes(d: MoneyDeps) {
  return [
    handle(totpStatus, async (_i, ctx) => ({ enabled: await d.totp.status(ctx.member.id) })),
    handle(totpSetup, async (_i, ctx) => d.totp.setup(ctx.member.id, ctx.member.userid)),
    handle(totpEnable, async ({ totp }, ctx) => {
      await d.totp.enable(ctx.member.id, totp);
      return reply({ enabled: true }, 'saved');
    }),
    handle(totpDisable, async ({ totp, tx_password }, ctx) => {
      await d.txPassword.verify(ctx.member, tx_password);
      await d.totp.disable(ctx.member.id, totp);
      return reply({ enabled: false }, 'saved');
    }),
  ];
}
