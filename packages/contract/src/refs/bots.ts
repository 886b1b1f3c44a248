// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as bots from '../calls/bots.ts';

export const adminBots: CallRef<typeof bots.adminBots> = { name: 'Admin/bots', method: 'POST' };
export const botAddEntry: CallRef<typeof bots.botAddEntry> = { name: 'Bottrade/addentry', method: 'POST' };
export const botAio: CallRef<typeof bots.botAio> = { name: 'Bottrade/checkaio', method: 'POST' };
export const botAioOff: CallRef<typeof bots.botAioOff> = { name: 'Bottrade/market_aio_off', method: 'POST' };
export const botBalance: CallRef<typeof bots.botBalance> = { name: 'Member/Botbalance', method: 'POST' };
export const botChart: CallRef<typeof bots.botChart> = { name: 'Bottrade/chartInfo', method: 'POST' };
export const botCheckApi: CallRef<typeof bots.botCheckApi> = { name: 'Member/checkapi', method: 'POST' };
export const botClose: CallRef<typeof bots.botClose> = { name: 'Bottrade/closepositionbyid', method: 'POST' };
export const botCloseAll: CallRef<typeof bots.botCloseAll> = {
  name: 'Bottrade/closeposition',
  method: 'POST',
};
export const botConfirm: CallRef<typeof bots.botConfirm> = { name: 'Bottrade/confirmpost', method: 'POST' };
export const botHistory: CallRef<typeof bots.botHistory> = { name: 'Bottrade/History', method: 'POST' };
export const botOff: CallRef<typeof bots.botOff> = { name: 'Bottrade/market_trade_off', method: 'POST' };
export const botOnline: CallRef<typeof bots.botOnline> = { name: 'Bottrade/Onlinetx', method: 'POST' };
export const botOrderType: CallRef<typeof bots.botOrderType> = {
  name: 'Bottrade/market_ordertype',
  method: 'POST',
};
export const botPerpOff: CallRef<typeof bots.botPerpOff> = {
  name: 'Bottrade/market_Perp_trade_off',
  method: 'POST',
};
export const botReverse: CallRef<typeof bots.botReverse> = { name: 'Bottrade/reventry', method: 'POST' };
export const botSave: CallRef<typeof bots.botSave> = { name: 'Bottrade/botsave', method: 'POST' };
export const botSteps: CallRef<typeof bots.botSteps> = { name: 'Member/CheckStep', method: 'POST' };
export const botSubscribe: CallRef<typeof bots.botSubscribe> = { name: 'Bottrade/subscribe', method: 'POST' };
export const checkBot: CallRef<typeof bots.checkBot> = { name: 'Member/checkbot', method: 'POST' };
export const listBots: CallRef<typeof bots.listBots> = { name: 'Member/listbots', method: 'POST' };
export const secondAddEntry: CallRef<typeof bots.secondAddEntry> = {
  name: 'SecondBottrade/addentry',
  method: 'POST',
};
export const secondCloseAll: CallRef<typeof bots.secondCloseAll> = {
  name: 'SecondBottrade/closeposition',
  method: 'POST',
};
