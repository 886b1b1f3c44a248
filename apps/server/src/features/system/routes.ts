import {
  checkVersion,
  DEPOSIT_CONFIRMATIONS,
  downloadUrl,
  getData,
  type Language,
  LANGUAGES,
  MIN_WITHDRAWAL_USD,
  PAGE_SIZE_DEFAULT,
  RANKS,
  TAB_SETS,
  TAC_RESEND_SECONDS,
  USERNAME_MAX,
  USERNAME_MIN,
  WITHDRAWAL_FEE_BPS,
} from '@mp/contract';
import type { Deps } from '../../platform/deps.ts';
import { handle } from '../../platform/calls.ts';
import { cachedSetting } from '../../platform/settings.ts';
import { TEL_PREFIXES } from '../../platform/tel-prefixes.ts';
import { compareVersions } from './version.ts';

/** The app's name in each language (issue 29: app names are translated content), as the web app's `appName`. */
export const APP_NAMES: Record<Language, string> = {
  'en-US': 'Member Platform',
  'zh-CN': '会员平台',
  'bm-MY': 'Platform Ahli',
};

export function systemRoutes(deps: Deps) {
  const { config, db } = deps;
  return [
    handle(downloadUrl, async () => ({
      android_url: config.app.downloadUrl,
      ios_url: config.app.downloadUrl,
      web_url: config.app.downloadUrl,
    })),

    handle(checkVersion, async ({ version }) => {
      const current = version ?? '0.0.0';
      const { latestVersion, minVersion } = config.app;
      return {
        current,
        latest: latestVersion,
        has_update: compareVersions(current, latestVersion) < 0,
        force: compareVersions(current, minVersion) < 0,
        download_url: config.app.downloadUrl,
        notes: '',
      };
    }),

    handle(getData, async (_i, ctx) => {
      const tabSet = await cachedSetting(db, 'tab_set', config.app.tabSet);
      return {
        app_name: APP_NAMES[ctx.lang],
        version: config.app.latestVersion,
        languages: [...LANGUAGES],
        default_language: 'en-US' as const,
        tab_set: tabSet,
        tabs: [...TAB_SETS[tabSet]],
        tel_prefixes: TEL_PREFIXES,
        ranks: [...RANKS],
        constants: {
          username_min: USERNAME_MIN,
          username_max: USERNAME_MAX,
          page_size: PAGE_SIZE_DEFAULT,
          min_withdrawal: MIN_WITHDRAWAL_USD,
          withdrawal_fee_percent: String(WITHDRAWAL_FEE_BPS / 100),
          deposit_confirmations: DEPOSIT_CONFIRMATIONS,
          tac_resend_seconds: TAC_RESEND_SECONDS,
        },
        customer_service: config.customerService,
        map_tiles: config.mapTiles,
        map_tiles_credit: config.mapTileCredit,
      };
    }),
  ];
}
