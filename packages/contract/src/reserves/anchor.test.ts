import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anchorData, readAnchorData, rootTotal } from './anchor.ts';
import { PorFormatError, toHex } from './format.ts';

const hash = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex);

describe('mp-por-v1 anchor data', () => {
  it('reads back the snapshot id, root hash and total it wrote', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        hash,
        fc.array(fc.bigInt({ min: 0n, max: 1n << 120n }), { minLength: 1, maxLength: 6 }),
        (id, rootHash, sums) => {
          const data = anchorData({ id: String(id), root: { hash: rootHash, sums: sums.map(String) } });
          expect(data).toHaveLength(2 + 2 * 62);
          expect(readAnchorData(data)).toEqual({
            snapshot_id: String(id),
            root_hash: rootHash,
            total: String(rootTotal(sums)),
          });
        },
      ),
    );
  });

  it('reads nothing from data that is not an anchor: other bytes, another length, another magic', () => {
    const data = anchorData({ id: '5', root: { hash: `0x${'ab'.repeat(32)}`, sums: ['1'] } });
    expect(readAnchorData('0x')).toBeNull();
    expect(readAnchorData(`${data}00`)).toBeNull();
    expect(readAnchorData(`0x4d50504f5232${data.slice(14)}`)).toBeNull();
    expect(readAnchorData(data.toUpperCase().replace('0X', '0x'))).not.toBeNull();
  });

  it('refuses a total of 2^128 or more and a malformed root hash', () => {
    const big = String(1n << 127n);
    expect(() => anchorData({ id: '1', root: { hash: `0x${'00'.repeat(32)}`, sums: [big, big] } })).toThrow(
      PorFormatError,
    );
    expect(() => anchorData({ id: '1', root: { hash: '0x1234', sums: ['1'] } })).toThrow(PorFormatError);
  });
});
