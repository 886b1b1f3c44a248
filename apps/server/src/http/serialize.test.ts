import { describe, expect, it } from 'vitest';
import { shareAnswer } from '../platform/shared-answers.ts';
import { serializeEnvelope } from './serialize.ts';

describe("an answer's JSON", () => {
  it('is what JSON.stringify writes, whether its data is shared or not', () => {
    const data = { list: [{ id: '1', price: '10.5', note: 'a "quoted" name' }], total: 1, empty: null };
    const plain = { status: 1, code: 200, msg: 'ok', data };
    const shared = { status: 1, code: 200, msg: 'Bien "reçu"', data: shareAnswer(structuredClone(data)) };
    expect(serializeEnvelope(plain)).toBe(JSON.stringify(plain));
    expect(serializeEnvelope(shared)).toBe(JSON.stringify(shared));
    // Written once, reused: the same text again, under another message.
    const again = { status: 1, code: 200, msg: 'ok', data: shared.data };
    expect(serializeEnvelope(again)).toBe(JSON.stringify(again));
    expect(serializeEnvelope({ data: shared.data })).toBe(JSON.stringify({ data: shared.data }));
    expect(serializeEnvelope('text')).toBe(JSON.stringify('text'));
    expect(serializeEnvelope(null)).toBe('null');
  });
});
