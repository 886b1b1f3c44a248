import { fieldRefusal } from '../../lib/errors.ts';
import type { Destination } from '../../platform/tac.ts';
import { isKnownPrefix } from '../../platform/tel-prefixes.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string | undefined, field = 'email'): string {
  if (!email) throw fieldRefusal(422, field, 'field_required');
  if (!EMAIL_RE.test(email) || email.length > 254) throw fieldRefusal(422, field, 'email_format');
  return email;
}

/** Digits only, without the trunk 0 that local numbers are written with (012... under +60 is +6012...). */
export function checkMobile(mobile: string | undefined, telPrefix: string | undefined) {
  if (!telPrefix) throw fieldRefusal(422, 'tel_prefix', 'field_required');
  if (!isKnownPrefix(telPrefix)) throw fieldRefusal(422, 'tel_prefix', 'tel_prefix_unknown');
  if (!mobile) throw fieldRefusal(422, 'mobile', 'field_required');
  const digits = mobile.replace(/[\s-]/g, '').replace(/^0/, '');
  if (!/^\d{6,14}$/.test(digits)) throw fieldRefusal(422, 'mobile', 'mobile_format');
  return { mobile: digits, telPrefix, address: `${telPrefix}${digits}` };
}

export type ContactInput = {
  signup_type: 'email' | 'mobile';
  email?: string;
  mobile?: string;
  tel_prefix?: string;
};

/** The checked e-mail or mobile of a sign-up, and where its TAC goes. */
export function signupContact(input: ContactInput) {
  if (input.signup_type === 'email') {
    const email = checkEmail(input.email);
    return { email, mobile: null, telPrefix: null, to: { channel: 'email', address: email } as Destination };
  }
  const m = checkMobile(input.mobile, input.tel_prefix);
  return {
    email: null,
    mobile: m.mobile,
    telPrefix: m.telPrefix,
    to: { channel: 'sms', address: m.address } as Destination,
  };
}

/** Where a member's own codes go: the e-mail when there is one, else the mobile. */
export function memberDestination(m: {
  email: string | null;
  mobile: string | null;
  tel_prefix: string | null;
}): Destination | undefined {
  if (m.email) return { channel: 'email', address: m.email };
  if (m.mobile && m.tel_prefix) return { channel: 'sms', address: `${m.tel_prefix}${m.mobile}` };
  return undefined;
}

/** Shows enough of a name to recognise it: "Al***ce". */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name.slice(0, 1)}*`;
  if (name.length <= 4) return `${name.slice(0, 1)}***${name.slice(-1)}`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}
