import { type adminBots, type Language, type ParsedRequestOf, translate } from '@mp/contract';
import { formatUnits } from '../../adapters/exchange/paper-math.ts';
import type { Tx } from '../../db/database.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { getSetting, putSetting } from '../../platform/settings.ts';
import type { BotDeps, Caller } from './access.ts';
import { feeText } from './parse.ts';
import { activeBotsForOperator, memberIdOf, stopMemberBots } from './queries.ts';
import { BOT_SETTINGS_KEY, BOT_SUBSCRIPTION_DAYS, type BotSwitch } from './settings.ts';

type Input = ParsedRequestOf<typeof adminBots>;
type BotRow = Awaited<ReturnType<typeof activeBotsForOperator>>[number];

/** The operator's view of the bots (the switch, the subscription, the bots not stopped and their errors by venue). */
export async function operatorBots(d: BotDeps, caller: Caller, input: Input) {
  let on = await getSetting<BotSwitch>(d.db, BOT_SETTINGS_KEY, { enabled: true });
  if (input.save) on = await d.db.transaction().execute((tx) => saveChanges(tx, caller.member.id, input, on));
  const rows = await activeBotsForOperator(d.db);
  return {
    enabled: on.enabled,
    fee: on.fee ?? '0',
    days: on.days ?? BOT_SUBSCRIPTION_DAYS,
    running: rows.filter((r) => r.state === 'running').length,
    errors: errorsByVenue(rows, caller.lang),
    list: rows.map((r) => ({
      id: r.id,
      userid: r.userid,
      symbol: r.symbol,
      market: r.market,
      venue: r.venue,
      state: r.state,
      error: r.error ? translate(r.error, caller.lang, r.error_values) : '',
      profit: formatUnits(r.profit),
    })),
  };
}

/** The operator's changes, audited: the switch and subscription, and stopping one member's bots. */
async function saveChanges(tx: Tx, adminId: string, input: Input, current: BotSwitch): Promise<BotSwitch> {
  let on = current;
  if (input.enabled !== undefined || input.fee !== undefined || input.days !== undefined) {
    on = {
      ...on,
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(input.fee !== undefined ? { fee: feeText(input.fee) } : {}),
      ...(input.days !== undefined ? { days: input.days } : {}),
    };
    await putSetting(tx, BOT_SETTINGS_KEY, on);
    await audit(tx, adminId, 'bots.switch', 'bots', on);
  }
  if (input.stop_member) {
    const m = await memberIdOf(tx, input.stop_member);
    if (!m) throw fieldRefusal(404, 'stop_member', 'member_not_found');
    await stopMemberBots(tx, m.id);
    await audit(tx, adminId, 'bots.stop_member', input.stop_member, {});
  }
  return on;
}

/** The bots' errors, one line per venue and error with how many bots have it. */
function errorsByVenue(rows: BotRow[], lang: Language) {
  const errors = new Map<string, { venue: string; error: string; bots: number }>();
  for (const r of rows.filter((x) => x.error)) {
    const k = `${r.venue}:${r.error}`;
    const e = errors.get(k) ?? { venue: r.venue, error: translate(r.error, lang, r.error_values), bots: 0 };
    e.bots++;
    errors.set(k, e);
  }
  return [...errors.values()];
}
