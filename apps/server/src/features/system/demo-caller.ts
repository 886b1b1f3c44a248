import { randomUUID } from 'node:crypto';
import { type Envelope, STATUS_OK } from '@mp/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { DEMO_PASSWORD, DEMO_TX_PASSWORD } from './demo.ts';
import { cardBack, cardFront, holdingCard } from './demo-pictures.ts';

const TX = DEMO_TX_PASSWORD;

/** The demo's calls to the app, made as its clients make them (JSON; multipart for KYC); a refusal stops the demo. */
export class Caller {
  constructor(
    readonly app: FastifyInstance,
    readonly db: Db,
  ) {}

  async call<T>(name: string, body: Record<string, unknown> = {}, token?: string): Promise<T> {
    const res = await this.app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body,
    });
    return this.unwrap<T>(name, res.json() as Envelope<T>);
  }

  unwrap<T>(name: string, envelope: Envelope<T>): T {
    if (envelope.status !== STATUS_OK) throw new Error(`demo: ${name} refused: ${envelope.msg}`);
    return envelope.data as T;
  }

  async logIn(username: string, password = DEMO_PASSWORD): Promise<string> {
    return (await this.call<{ token: string }>('Logon/login', { username, password })).token;
  }

  async signUp(userid: string, email: string, sponsor: string, placement: string, side: 'L' | 'R') {
    await this.call('Logon/getsmsverification', { signup_type: 'email', email });
    const row = await this.db
      .selectFrom('outbox')
      .select('body')
      .where('destination', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const tac = /\b(\d{6})\b/.exec(row.body)?.[1] ?? '';
    await this.call('Signup/signupsave', {
      username: userid,
      password: DEMO_PASSWORD,
      confirm_password: DEMO_PASSWORD,
      tx_password: TX,
      confirm_tx_password: TX,
      sponsor_id: sponsor,
      placement_id: placement,
      side,
      signup_type: 'email',
      email,
      tac,
    });
  }

  /** A multipart call as the app sends one: text fields, then files (name -> [file name, content type, bytes]). */
  async multipart<T>(
    name: string,
    token: string,
    fields: Record<string, string>,
    files: Record<string, [string, string, Buffer]>,
  ): Promise<T> {
    const boundary = `demo${randomUUID()}`;
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields))
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    for (const [k, [fileName, type, bytes]] of Object.entries(files)) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const res = await this.app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat(parts),
    });
    return this.unwrap<T>(name, res.json() as Envelope<T>);
  }

  /** Home/submitKYC as the app sends it: multipart, with three pictures. */
  async submitKyc(token: string, name: string, idNumber: string, tint: [number, number, number]) {
    const fields = { country: 'MY', id_type: 'IC', name, id_number: idNumber };
    const png = (k: string, bytes: Buffer): [string, string, Buffer] => [`${k}.png`, 'image/png', bytes];
    await this.multipart('Home/submitKYC', token, fields, {
      front: png('front', cardFront(tint)),
      back: png('back', cardBack(tint)),
      holding: png('holding', holdingCard(tint)),
    });
  }

  /** Admin/upload: a picture of the demo's art for the CMS or the shop; returns the upload's id. */
  async uploadPicture(token: string, file: string, bytes: Buffer): Promise<string> {
    const up = await this.multipart<{ id: string }>(
      'Admin/upload',
      token,
      { kind: 'image' },
      { file: [file, 'image/webp', bytes] },
    );
    return up.id;
  }
}
