import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Conn, Db } from '../../db/database.ts';
import { Refusal } from '../../lib/errors.ts';
import { logger } from '../../lib/log.ts';
import type { Notifier } from '../../platform/notifier.ts';

/**
 * The dev outbox: every message is stored (admins read it at Admin/outbox; the log never has its text). Only outside
 * production (`createNotifier` never uses it there, and Admin/outbox refuses there): codes must never be readable by
 * admins.
 */
export function outboxNotifier(db: Db): Notifier {
  return {
    async send(message) {
      await db.insertInto('outbox').values(message).execute();
    },
  };
}

/** Retention (issue 28): deletes up to `limit` dev outbox messages sent before `before`; returns how many. */
export async function purgeOutbox(db: Conn, before: Date, limit: number): Promise<number> {
  const gone = await db
    .deleteFrom('outbox')
    .where(
      'id',
      'in',
      db.selectFrom('outbox').select('id').where('created_at', '<', before).orderBy('id').limit(limit),
    )
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** E-mail through SMTP (SMTP_URL, e.g. smtp://user:pass@host:587); SMS through `sms`. */
export function smtpNotifier(smtpUrl: string, from: string, sms: Notifier): Notifier {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      if (message.channel === 'email') {
        await transport.sendMail({
          from,
          to: message.destination,
          subject: message.subject,
          text: message.body,
        });
        return;
      }
      await sms.send(message);
    },
  };
}

/**
 * SMS through a provider's HTTP webhook (SMS_URL): `POST` JSON `{ to, text }` with `Authorization: Bearer SMS_TOKEN`.
 * A provider that does not answer 2xx within 10 s refuses the send (422 delivery_unavailable; the reason is logged).
 */
export function smsWebhookNotifier(
  url: string,
  token: string | undefined,
  onError: (err: unknown) => void = () => {},
): Notifier {
  return {
    async send(message) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ to: message.destination, text: message.body }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
      } catch (err) {
        onError(err);
        throw new Refusal(422, 'delivery_unavailable');
      }
    },
  };
}

/** A channel with no provider in production: refuses clearly (the code is not stored anywhere readable). */
function unavailable(channel: 'email' | 'sms', onError: (err: unknown) => void): Notifier {
  return {
    async send() {
      onError(new Error(`no ${channel === 'email' ? 'SMTP_URL' : 'SMS_URL'} configured in production`));
      throw new Refusal(422, 'delivery_unavailable');
    },
  };
}

/** An address as the log shows it: enough to tell messages apart, not to collect contacts (a***@example.com, ***789). */
function maskAddress(address: string): string {
  const at = address.indexOf('@');
  return at > 0 ? `${address[0]}***${address.slice(at)}` : `***${address.slice(-3)}`;
}

type NotifierLog = {
  info?: (fields: object, msg: string) => void;
  warn: (msg: string) => void;
  error: (err: unknown) => void;
};

/**
 * The notifier of a running server: e-mail by SMTP (SMTP_URL), SMS by the webhook (SMS_URL). Without a provider,
 * outside production that channel goes to the dev outbox; in production it refuses to send (and says so at start).
 * Each message sent is logged without its text (a verification code must never reach a log).
 */
export function createNotifier(
  config: Pick<Config, 'env' | 'smtpUrl' | 'mailFrom' | 'sms'>,
  db: Db,
  log: NotifierLog = logger('notifier'),
): Notifier {
  const production = config.env === 'production';
  const onError = (err: unknown) => log.error(err);
  const outbox = production ? undefined : outboxNotifier(db);
  const fallback = (channel: 'email' | 'sms'): Notifier => {
    if (outbox) return outbox;
    log.warn(
      `${channel === 'email' ? 'SMTP_URL' : 'SMS_URL'} is not set: ${channel} codes cannot be sent (production has no dev outbox)`,
    );
    return unavailable(channel, onError);
  };
  const sms = config.sms ? smsWebhookNotifier(config.sms.url, config.sms.token, onError) : fallback('sms');
  const email = config.smtpUrl ? smtpNotifier(config.smtpUrl, config.mailFrom, sms) : fallback('email');
  const via = { email: config.smtpUrl ? 'smtp' : 'outbox', sms: config.sms ? 'webhook' : 'outbox' };
  return {
    async send(message) {
      await (message.channel === 'email' ? email : sms).send(message);
      log.info?.(
        { channel: message.channel, via: via[message.channel], to: maskAddress(message.destination) },
        'message sent',
      );
    },
  };
}
