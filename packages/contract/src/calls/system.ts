import { z } from 'zod';
import { defineCall, empty, optionalText } from '../call.ts';
import { LANGUAGES, RANKS, ROLES } from '../constants.ts';

export const telPrefixSchema = z.object({ prefix: z.string(), country: z.string(), name: z.string() });

export const downloadUrl = defineCall({
  name: 'index/downloadurl',
  method: 'GET',
  auth: 'public',
  tag: 'system',
  summary: 'Where to download the app',
  request: empty,
  response: z.object({ android_url: z.string(), ios_url: z.string(), web_url: z.string() }),
});

export const checkVersion = defineCall({
  name: 'index/check_version',
  method: 'GET',
  auth: 'public',
  tag: 'system',
  summary: "Compares the app's version with the latest configured one",
  request: z.object({ version: optionalText(32), platform: optionalText(16) }),
  response: z.object({
    current: z.string(),
    latest: z.string(),
    has_update: z.boolean(),
    force: z.boolean(),
    download_url: z.string(),
    notes: z.string(),
  }),
});

export const getData = defineCall({
  name: 'Index/getdata',
  method: 'GET',
  auth: 'public',
  tag: 'system',
  summary: 'Public app configuration: languages, tab set, telephone prefixes, constants',
  request: empty,
  response: z.object({
    app_name: z.string(),
    version: z.string(),
    languages: z.array(z.enum(LANGUAGES)),
    default_language: z.enum(LANGUAGES),
    tab_set: z.enum(['four', 'six']),
    tabs: z.array(z.string()),
    tel_prefixes: z.array(telPrefixSchema),
    ranks: z.array(z.enum(RANKS)),
    constants: z.object({
      username_min: z.number(),
      username_max: z.number(),
      page_size: z.number(),
      min_withdrawal: z.string(),
      withdrawal_fee_percent: z.string(),
      deposit_confirmations: z.number(),
      tac_resend_seconds: z.number(),
    }),
    customer_service: z.object({ email: z.string(), telegram: z.string() }),
    /** A map tile server (`{z}/{x}/{y}` URL template) for the location pages; '' uses the app's own world map. */
    map_tiles: z.string(),
    /** The tile server's credit (MAP_TILE_ATTRIBUTION), plain text; '' when the operator set none. */
    map_tiles_credit: z.string(),
  }),
});

export const userInfoSchema = z.object({
  userid: z.string(),
  username: z.string(),
  rank: z.enum(RANKS),
  role: z.enum(ROLES),
});

export const getInfoC = defineCall({
  name: 'Member/getinfoc',
  method: 'GET',
  auth: 'member',
  tag: 'member',
  summary: "The logged-in member's card: userid, rank, role, KYC state, language",
  request: empty,
  response: userInfoSchema.extend({
    lang: z.enum(LANGUAGES),
    kyc_state: z.enum(['none', 'pending', 'approved', 'rejected']),
    joined_at: z.string(),
    has_tx_password: z.boolean(),
  }),
});
