import { type CcxtFactory, createCcxtFactory } from './adapters/exchange/ccxt.ts';
import type { MarketData } from './adapters/exchange/markets.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { createBotEngine } from './features/bots/engine.ts';
import { createCopyEngine } from './features/copy/engine.ts';
import { createTradingAccounts, type TradingAccounts } from './features/trading/accounts.ts';
import { createMarketData } from './features/trading/market-data.ts';
import type { Clock } from './lib/clock.ts';
import { createLedger, type Ledger } from './ledger/index.ts';

/**
 * The engines a process builds once and shares: the ledger every money path posts through, the market data, the
 * exchange clients, the members' trading accounts, the bot engine and copy trading. The main process builds them
 * (main.ts) and hands them to the app it serves and to its jobs; an HTTP worker builds its own (serve.ts), a test
 * its own (test/app.ts). Nothing else calls the factories below, so no two parts of one process hold different
 * engines.
 */
export type Engines = {
  ledger: Ledger;
  market: MarketData;
  ccxt: CcxtFactory;
  trading: TradingAccounts;
  bots: ReturnType<typeof createBotEngine>;
  copy: ReturnType<typeof createCopyEngine>;
};

export function createEngines(deps: { db: Db; clock: Clock; config: Config }): Engines {
  const { db, clock, config } = deps;
  const ledger = createLedger(db);
  const market = createMarketData(db, clock);
  const ccxt = createCcxtFactory({ apiBase: config.exchangeApiBase, timeoutMs: config.exchangeTimeoutMs });
  const trading = createTradingAccounts({ db, clock, data: market, secret: config.secret, ccxt });
  return {
    ledger,
    market,
    ccxt,
    trading,
    bots: createBotEngine({ db, clock, data: market, trading }),
    copy: createCopyEngine({ db, clock, data: market, trading, ledger }),
  };
}
