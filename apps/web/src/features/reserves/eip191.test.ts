import { describe, expect, it } from 'vitest';
import { recoverSigner } from './eip191.ts';

// Signed by anvil's first account with viem's signMessage (an independent implementation of EIP-191).
const SIGNER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const MESSAGE = `Member platform proof of reserves\nsnapshot 12\nchain 31337\nblock 1234\nroot 0x${'ab'.repeat(32)}`;
const SIGNATURE =
  '0x6ee9ad10d8408ed93e5c326e9c19bb23ff3a38804d67ba4ed3e45dff85f68be41322af59d51b1e28240afc6fe795ba4d9dd12e70d5c5ee6a633039b1a17fa50e1b';

describe('the hot wallet signature check', () => {
  it('recovers the address that signed the message', () => {
    expect(recoverSigner(MESSAGE, SIGNATURE)).toBe(SIGNER);
  });

  it('recovers another address for another message (a different root)', () => {
    const other = MESSAGE.replace('0xabab', '0xabac');
    const signer = recoverSigner(other, SIGNATURE);
    expect(signer).not.toBe(SIGNER);
  });

  it('accepts a recovery byte of 0/1 as well as 27/28', () => {
    expect(recoverSigner(MESSAGE, `${SIGNATURE.slice(0, -2)}00`)).toBe(SIGNER);
  });

  it('refuses what is not a signature', () => {
    expect(recoverSigner(MESSAGE, '0x1234')).toBeNull();
    expect(recoverSigner(MESSAGE, `${SIGNATURE.slice(0, -2)}1d`)).toBeNull();
  });
});
