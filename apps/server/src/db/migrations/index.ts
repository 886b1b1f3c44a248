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
import * as m0024 from './0024_security_factors.ts';
import * as m0025 from './0025_security_hold.ts';
import * as m0026 from './0026_admin_roles.ts';
import * as m0027 from './0027_mining_assumptions.ts';
import * as m0028 from './0028_security_events_feed.ts';
import * as m0029 from './0029_ledger_functions_source.ts';
import * as m0030 from './0030_campaign_lease.ts';
import * as m0031 from './0031_files.ts';
import * as m0032 from './0032_payout_networks.ts';
import * as m0034 from './0034_product_translations.ts';
import * as m0035 from './0035_package_translations.ts';
import * as m0036 from './0036_reserves.ts';
import * as m0037 from './0037_reserve_keys.ts';
import * as m0038 from './0038_reserve_tree_retention.ts';
import * as m0039 from './0039_reserve_partitions.ts';
import * as m0040 from './0040_ledger_post_batch.ts';
import * as m0041 from './0041_notice_seen_feed.ts';
import * as m0043 from './0043_shop_buy.ts';
import * as m0044 from './0044_ledger_history.ts';
import * as m0045 from './0045_trading_accounts_feed.ts';
import * as m0046 from './0046_pairing_candidates_by_member.ts';
import * as m0047 from './0047_shop_bonus_reference.ts';
import * as m0048 from './0048_history_rollup_versions.ts';

/**
 * A migration: `up` runs in one transaction, or, `concurrently`, statement by statement outside any (for `CREATE INDEX
 * CONCURRENTLY` on a large table, which postings need not wait for); such a migration must be safe to run again from
 * its first statement after a failure (`DROP INDEX CONCURRENTLY IF EXISTS` first: a failed build leaves an invalid
 * index).
 */
export type Migration = { id: string; up: string; concurrently?: true };

/** The statements of a migration run `concurrently`: its `up` split after each `;` that ends a line. */
export function statementsOf(m: Migration): string[] {
  return m.up
    .split(/;\s*\n/)
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

/** Applied in order; an applied migration is never edited, a change is a new one. */
export const MIGRATIONS: Migration[] = [
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
  { id: '0024_security_factors', up: m0024.up },
  { id: '0025_security_hold', up: m0025.up },
  { id: '0026_admin_roles', up: m0026.up },
  { id: '0027_mining_assumptions', up: m0027.up },
  { id: '0028_security_events_feed', up: m0028.up },
  { id: '0029_ledger_functions_source', up: m0029.up },
  { id: '0030_campaign_lease', up: m0030.up },
  { id: '0031_files', up: m0031.up },
  { id: '0032_payout_networks', up: m0032.up },
  { id: '0034_product_translations', up: m0034.up },
  { id: '0035_package_translations', up: m0035.up },
  { id: '0036_reserves', up: m0036.up },
  { id: '0037_reserve_keys', up: m0037.up },
  { id: '0038_reserve_tree_retention', up: m0038.up },
  { id: '0039_reserve_partitions', up: m0039.up },
  { id: '0040_ledger_post_batch', up: m0040.up },
  { id: '0041_notice_seen_feed', up: m0041.up },
  { id: '0043_shop_buy', up: m0043.up },
  { id: '0044_ledger_history', up: m0044.up },
  { id: '0045_trading_accounts_feed', up: m0045.up },
  { id: '0046_pairing_candidates_by_member', up: m0046.up, concurrently: true },
  { id: '0047_shop_bonus_reference', up: m0047.up, concurrently: true },
  { id: '0048_history_rollup_versions', up: m0048.up },
];
