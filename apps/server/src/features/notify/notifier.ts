import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.ts';

export type Message = { channel: 'email' | 'sms'; destination: string; subject: string; body: string };

/** Sends verification codes and notices. Mail and SMS providers sit behind this port. */
export type Notifier = { send: (message: Message) => Promise<void> };

type Log = { info: (obj: object, msg: string) => void };

/**
 * The dev outbox: every message is stored (admins read it at Admin/outbox) and logged.
 * It is the default, and SMS always goes here: no SMS provider is reachable from this machine.
 */
export function outboxNotifier(db: Db, log?: Log): Notifier {
  return {
    async send(message) {
      await db.insertInto('outbox').values(message).execute();
      log?.info({ channel: message.channel, to: message.destination, body: message.body }, 'outbox message');
    },
  };
}

/** E-mail through SMTP (SMTP_URL, e.g. smtp://user:pass@host:587); SMS, with no provider here, goes to the outbox. */
export function smtpNotifier(smtpUrl: string, from: string, outbox: Notifier): Notifier {
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
      await outbox.send(message);
    },
  };
}
