import type { Language } from './constants.ts';
import { ACCOUNT_MESSAGES } from './messages/account.ts';
import { COMMON_MESSAGES } from './messages/common.ts';
import { FIELD_MESSAGES } from './messages/fields.ts';
import { MONEY_MESSAGES } from './messages/money.ts';
import { CONTENT_MESSAGES } from './messages/content.ts';
import { KYC_MESSAGES } from './messages/kyc.ts';
import { MINING_MESSAGES } from './messages/mining.ts';
import { NETWORK_MESSAGES } from './messages/network.ts';
import { TRADING_MESSAGES } from './messages/trading.ts';
import { SHOP_MESSAGES } from './messages/shop.ts';
import { BOT_MESSAGES } from './messages/bots.ts';
import { CHAIN_MESSAGES } from './messages/chain.ts';
import { COPY_MESSAGES } from './messages/copy.ts';
import { ADMIN_SECURITY_MESSAGES } from './messages/admin-security.ts';
import { OWNER_MESSAGES } from './messages/owner.ts';
import { FACTOR_MESSAGES } from './messages/factors.ts';
import { INPUT_MESSAGES } from './messages/input.ts';
import { RESERVES_MESSAGES } from './messages/reserves.ts';

export type Texts = Record<Language, string>;

/**
 * Server messages in the three languages, each area's in messages/<area>.ts. `{name}` placeholders are filled
 * by `translate`. Field labels are messages too (`field.<name>`), so a refusal can name the field in the
 * user's language.
 */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...MONEY_MESSAGES,
  ...FIELD_MESSAGES,
  ...KYC_MESSAGES,
  ...MINING_MESSAGES,
  ...NETWORK_MESSAGES,
  ...CONTENT_MESSAGES,
  ...TRADING_MESSAGES,
  ...SHOP_MESSAGES,
  ...BOT_MESSAGES,
  ...CHAIN_MESSAGES,
  ...COPY_MESSAGES,
  ...ADMIN_SECURITY_MESSAGES,
  ...OWNER_MESSAGES,
  ...FACTOR_MESSAGES,
  ...INPUT_MESSAGES,
  ...RESERVES_MESSAGES,
};

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/** Looks up a message in a language and fills `{name}` placeholders; unknown keys come back as they are. */
export function translate(key: string, lang: Language, params: Record<string, string | number> = {}): string {
  const texts: Texts | undefined = isMessageKey(key) ? MESSAGES[key] : undefined;
  const template = texts ? texts[lang] : key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'field') {
      const field = String(params.field ?? '');
      return isMessageKey(`field.${field}`) ? translate(`field.${field}`, lang) : field;
    }
    return String(params[name] ?? `{${name}}`);
  });
}
