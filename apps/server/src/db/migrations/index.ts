import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_ledger.ts';
import * as m0003 from './0003_ledger_post_function.ts';
import * as m0004 from './0004_kyc.ts';
import * as m0005 from './0005_mining.ts';
import * as m0006 from './0006_network.ts';
import * as m0007 from './0007_mining_speed.ts';
import * as m0008 from './0008_pairing_open.ts';
import * as m0010 from './0010_change_feed.ts';
import * as m0011 from './0011_content.ts';
import * as m0012 from './0012_game_pool.ts';
import * as m0013 from './0013_trading.ts';
import * as m0014 from './0014_paper_place.ts';
import * as m0015 from './0015_shop.ts';
import * as m0016 from './0016_perpetuals.ts';
import * as m0017 from './0017_bots.ts';
import * as m0018 from './0018_bot_aio.ts';
import * as m0019 from './0019_chain.ts';
import * as m0020 from './0020_payouts.ts';
import * as m0021 from './0021_lead_traders.ts';
import * as m0022 from './0022_copy_invest.ts';
import * as m0023 from './0023_copy_terms.ts';

/** Applied in order; an applied migration is never edited, a change is a new one. */
export const MIGRATIONS: { id: string; up: string }[] = [
  { id: '0001_foundation', up: m0001.up },
  { id: '0002_ledger', up: m0002.up },
  { id: '0003_ledger_post_function', up: m0003.up },
  { id: '0004_kyc', up: m0004.up },
  { id: '0005_mining', up: m0005.up },
  { id: '0006_network', up: m0006.up },
  { id: '0007_mining_speed', up: m0007.up },
  { id: '0008_pairing_open', up: m0008.up },
  { id: '0010_change_feed', up: m0010.up },
  { id: '0011_content', up: m0011.up },
  { id: '0012_game_pool', up: m0012.up },
  { id: '0013_trading', up: m0013.up },
  { id: '0014_paper_place', up: m0014.up },
  { id: '0015_shop', up: m0015.up },
  { id: '0016_perpetuals', up: m0016.up },
  { id: '0017_bots', up: m0017.up },
  { id: '0018_bot_aio', up: m0018.up },
  { id: '0019_chain', up: m0019.up },
  { id: '0020_payouts', up: m0020.up },
  { id: '0021_lead_traders', up: m0021.up },
  { id: '0022_copy_invest', up: m0022.up },
  { id: '0023_copy_terms', up: m0023.up },
];
