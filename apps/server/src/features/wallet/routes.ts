import {
  airdropMenu,
  airdropSave,
  bonusRecord,
  bonusSummary,
  checkAirdropUser,
  checkTransferUser,
  coinMenu,
  exchangeMenu,
  exchangeQuote,
  exchangeSave,
  getCoin,
  getWalletBalance,
  getXToken,
  searchBonusRecord,
  transferMenu,
  transferSave,
  walletDetail,
  walletMove,
  walletOverview,
  walletRecord,
  walletRecord2,
  walletRecord3,
} from '@mp/contract';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { airdropTokens } from './airdrop.ts';
import {
  movementRecords,
  platformToken,
  tokenRecords,
  walletBalances,
  walletDetailOf,
  walletOverviewOf,
} from './balances.ts';
import { bonusRecords, bonusTotals } from './bonus.ts';
import { exchangeFunds } from './exchange.ts';
import {
  airdropMenuOf,
  coinActions,
  coinList,
  exchangeMenuOf,
  exchangeQuoteOf,
  recipientOf,
  transferMenuOf,
} from './menus.ts';
import { memberRecords } from './records.ts';
import { moveBetweenWallets, transferFunds } from './transfer.ts';

/** The wallet calls: balances and records, bonus records, transfers, the exchange and the airdrop. */
export function walletRoutes(d: MoneyDeps): CallRoute[] {
  const { db } = d;
  return [
    handle(getWalletBalance, (_i, ctx) => walletBalances(d, ctx.member.id)),
    handle(walletOverview, (_i, ctx) => walletOverviewOf(d, ctx.member.id)),
    handle(walletDetail, (input, ctx) => walletDetailOf(d, ctx.member.id, input)),
    handle(getCoin, () => coinList(db)),
    handle(coinMenu, () => coinActions(db)),
    handle(getXToken, (_i, ctx) => platformToken(d, ctx.member.id)),

    handle(walletRecord, (i, ctx) => memberRecords(db, { memberId: ctx.member.id, ...i })),
    handle(walletRecord2, (i, ctx) => movementRecords(db, ctx.member.id, i)),
    handle(walletRecord3, (i, ctx) => tokenRecords(db, ctx.member.id, i)),

    handle(bonusSummary, (_i, ctx) => bonusTotals(db, ctx.member.id, d.clock.now())),
    handle(bonusRecord, (i, ctx) => bonusRecords(db, { memberId: ctx.member.id, ...i })),
    handle(searchBonusRecord, (i, ctx) => bonusRecords(db, { memberId: ctx.member.id, ...i })),

    handle(checkTransferUser, ({ to_userid }, ctx) => recipientOf(db, ctx.member.id, to_userid)),
    handle(transferMenu, (_i, ctx) => transferMenuOf(d, ctx.member.id)),
    handle(transferSave, async (input, ctx) => reply(await transferFunds(d, ctx, input), 'sent')),
    handle(walletMove, async (input, ctx) => reply(await moveBetweenWallets(d, ctx, input), 'wallet_moved')),

    handle(exchangeMenu, (_i, ctx) => exchangeMenuOf(d, ctx.member.id)),
    handle(exchangeQuote, (input) => exchangeQuoteOf(db, input)),
    handle(exchangeSave, async (input, ctx) => reply(await exchangeFunds(d, ctx, input), 'exchanged')),

    handle(airdropMenu, (_i, ctx) => airdropMenuOf(d, ctx.member.id)),
    handle(checkAirdropUser, ({ to_userid }, ctx) => recipientOf(db, ctx.member.id, to_userid)),
    handle(airdropSave, async (input, ctx) => reply(await airdropTokens(d, ctx, input), 'sent')),
  ];
}
