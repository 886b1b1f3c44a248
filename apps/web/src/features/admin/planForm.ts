import { QUALIFYING_RANKS, RANKS, SPONSOR_LEVELS } from '@mp/contract/web';
import { planSettingsSchema, rankRuleSchema } from '@mp/contract';
import type {
  BONUS_TYPES,
  BONUS_WALLETS,
  CAP_EXCESS_MODES,
  PAIR_RATIOS,
  PlanSettings,
  Rank,
} from '@mp/contract';
import type { RuleObject } from 'antd-mobile/es/components/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api.ts';
import { issueText } from '../../lib/validate.ts';

type BonusType = (typeof BONUS_TYPES)[number];
type RuleField = 'personal_volume' | 'direct_sponsors' | 'team_volume';
export type RuleValues = Record<RuleField, string>;

/** The plan editor's fields: the settings as typed (all text), and the note saved with a new version. */
export type PlanValues = {
  sponsor_percent: string;
  level_percents: string[];
  pairing_percent: string;
  pair_ratio: (typeof PAIR_RATIOS)[number];
  pair_unit: string;
  carry_forward: boolean;
  daily_cap: Record<Rank, string>;
  cap_excess: (typeof CAP_EXCESS_MODES)[number];
  rank_rules: RuleValues[];
  wallets: Record<BonusType, (typeof BONUS_WALLETS)[number]>;
  note: string;
};

export type FieldPath = (string | number)[];

export const RULE_FIELDS: RuleField[] = ['personal_volume', 'direct_sponsors', 'team_volume'];

/** Every typed field of the settings (the note aside): what a preview checks before it asks the server. */
export const SETTINGS_TEXT_FIELDS: FieldPath[] = [
  ['sponsor_percent'],
  ...Array.from({ length: SPONSOR_LEVELS }, (_, i) => ['level_percents', i]),
  ['pairing_percent'],
  ['pair_unit'],
  ...RANKS.map((r) => ['daily_cap', r]),
  ...QUALIFYING_RANKS.flatMap((_, i) => RULE_FIELDS.map((f) => ['rank_rules', i, f])),
];

/** The saved settings as form values; rank rules follow the contract's rank order whatever order they came in. */
export function toValues(settings: PlanSettings): PlanValues {
  return {
    ...settings,
    rank_rules: QUALIFYING_RANKS.map((rank) => {
      const rule = settings.rank_rules.find((r) => r.rank === rank);
      return {
        personal_volume: rule?.personal_volume ?? '',
        direct_sponsors: rule ? String(rule.direct_sponsors) : '',
        team_volume: rule?.team_volume ?? '',
      };
    }),
    note: '',
  };
}

const trim = (v: string | undefined) => (v ?? '').trim();

/** The form's values as the settings the plan calls take (checked by the form's rules first). */
export function toSettings(v: PlanValues): PlanSettings {
  return {
    sponsor_percent: trim(v.sponsor_percent),
    level_percents: v.level_percents.map(trim),
    pairing_percent: trim(v.pairing_percent),
    pair_ratio: v.pair_ratio,
    pair_unit: trim(v.pair_unit),
    carry_forward: v.carry_forward === true,
    daily_cap: Object.fromEntries(RANKS.map((r) => [r, trim(v.daily_cap[r])])) as Record<Rank, string>,
    cap_excess: v.cap_excess,
    rank_rules: QUALIFYING_RANKS.map((rank, i) => {
      const rule = v.rank_rules[i];
      return {
        rank,
        personal_volume: trim(rule?.personal_volume),
        direct_sponsors: Number(trim(rule?.direct_sponsors)),
        team_volume: trim(rule?.team_volume),
      };
    }),
    wallets: v.wallets,
  };
}

/** The words an admin sees for a field of the plan: used in client checks and in the server's field errors. */
export function fieldLabel(path: FieldPath, t: TFunction<'admin'>): string {
  const [head, index, sub] = path;
  const rank = (r: unknown) => t(`ranks.${String(r)}`);
  switch (head) {
    case 'level_percents':
      return t('plan.levelN', { n: Number(index) + 1 });
    case 'daily_cap':
      return `${t('plan.fields.daily_cap')} · ${rank(index)}`;
    case 'rank_rules':
      return `${rank(QUALIFYING_RANKS[Number(index)])} · ${t(`plan.rule.${String(sub)}`)}`;
    case 'wallets':
      return `${t('plan.fields.wallets')} · ${t(`bonusTypes.${String(index)}`)}`;
    case 'note':
      return t('plan.note');
    default:
      return t(`plan.fields.${String(head)}`);
  }
}

/** The contract's schema for one field of the form. */
export function schemaOf(path: FieldPath): z.ZodType {
  const shape = planSettingsSchema.shape;
  const [head, index, sub] = path;
  if (head === 'level_percents') return shape.level_percents.element;
  if (head === 'daily_cap') return shape.daily_cap.shape[index as Rank];
  if (head === 'rank_rules') return rankRuleSchema.shape[sub as RuleField];
  return shape[head as 'sponsor_percent' | 'pairing_percent' | 'pair_unit'];
}

const WHOLE_RE = /^\d+$/;

/**
 * A required text field checked with the contract's schema, its message naming the field. A count (`whole`)
 * is checked as the number it is sent as: the contract wants a number, the input holds text.
 */
export function requiredRule(schema: z.ZodType, label: string, whole = false): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === undefined || text === null || text === '')
        throw new Error(issueText('field_required', label));
      const result = schema.safeParse(
        whole && typeof text === 'string' && WHOLE_RE.test(text) ? Number(text) : text,
      );
      if (!result.success)
        throw new Error(issueText(result.error.issues[0]?.message ?? 'field_invalid', label));
    },
  };
}

const PLAN_FIELDS = new Set<string>([...Object.keys(planSettingsSchema.shape), 'note']);

/** A server field name ('settings.rank_rules.2.team_volume', 'note') as a field of the form, or null. */
export function toFieldPath(field: string): FieldPath | null {
  const parts = field.split('.');
  const rest = parts[0] === 'settings' ? parts.slice(1) : parts;
  if (rest.length === 0 || !PLAN_FIELDS.has(rest[0] ?? '')) return null;
  if (parts[0] !== 'settings' && rest[0] !== 'note') return null;
  return rest.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** The fields a refusal named, with its messages (the raw field name in them replaced by the field's label). */
export function planFieldErrors(error: unknown, t: TFunction<'admin'>) {
  if (!(error instanceof ApiError)) return [];
  return error.errors.flatMap((e) => {
    const name = toFieldPath(e.field);
    return name ? [{ name, errors: [e.message.replace(e.field, fieldLabel(name, t))] }] : [];
  });
}

/** The test id (and input id) of a field: `plan-rank_rules-0-team_volume`. */
export const planTestId = (path: FieldPath) => `plan-${path.join('-')}`;
