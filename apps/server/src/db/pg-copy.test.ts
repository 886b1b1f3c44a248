import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { poolOf } from './database.ts';
import { BinaryRows, copyOut, copyRowsOut } from './pg-copy.ts';

/** COPY's binary rows read in place (the proof-of-reserves build reads a million members this way). */
describe('binary COPY rows', () => {
  let t: TestApp;
  // Ints, nulls and text of every length up to 300 bytes: rows of many sizes.
  const QUERY = `copy (select g::int8, case when g % 3 = 0 then null else 'x' || g end, repeat('y', g % 300)
    from generate_series(1, 2000) g) to stdout (format binary)`;
  type Row = [number, string | null, string];
  const expected: Row[] = Array.from({ length: 2000 }, (_, i) => {
    const g = i + 1;
    return [g, g % 3 === 0 ? null : `x${g}`, 'y'.repeat(g % 300)];
  });
  const reader = (into: Row[]) => (buf: Buffer, f: Int32Array) => {
    const text = (field: number, end: number) => buf.toString('utf8', field, end);
    const second = f[1] as number;
    const third = f[2] as number;
    into.push([
      buf.readInt32BE(f[0] as number) * 2 ** 32 + buf.readUInt32BE((f[0] as number) + 4),
      second < 0 ? null : text(second, second + buf.readInt32BE(second - 4)),
      text(third, third + buf.readInt32BE(third - 4)),
    ]);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives every row, nulls included, as PostgreSQL streams them', async () => {
    const client = await poolOf(t.db).connect();
    try {
      const rows: Row[] = [];
      expect(await copyRowsOut(client, QUERY, reader(rows))).toBe(2000);
      expect(rows).toEqual(expected);
    } finally {
      client.release();
    }
  });

  it('gives the same rows from chunks cut anywhere, header and lengths included', async () => {
    const client = await poolOf(t.db).connect();
    const chunks: Buffer[] = [];
    try {
      await copyOut(
        client,
        QUERY,
        (c) => chunks.push(c) > 0,
        async () => {},
      );
    } finally {
      client.release();
    }
    const whole = Buffer.concat(chunks);
    for (const cut of [1, 3, 7, 64, 1000]) {
      const rows: Row[] = [];
      const parser = new BinaryRows(reader(rows));
      for (let at = 0; at < whole.length; at += cut) parser.take(whole.subarray(at, at + cut));
      parser.end();
      expect(rows).toEqual(expected);
    }
    const short = new BinaryRows(() => {});
    short.take(whole.subarray(0, whole.length - 1));
    expect(() => short.end()).toThrow(/ended early/);
  });
});
