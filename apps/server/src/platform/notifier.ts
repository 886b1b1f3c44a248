export type Message = { channel: 'email' | 'sms'; destination: string; subject: string; body: string };

/** Sends verification codes and notices. Mail and SMS providers sit behind this port (adapters/notify implements it). */
export type Notifier = { send: (message: Message) => Promise<void> };
