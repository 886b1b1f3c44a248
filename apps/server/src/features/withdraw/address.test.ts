import { describe, expect, it } from 'vitest';
import { checksumEvm, isEvmAddress, isTronAddress, normalizeAddress } from './address.ts';

describe('withdrawal address validation', () => {
  it('accepts EVM addresses with a correct EIP-55 checksum or one case, and refuses a wrong checksum', () => {
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isEvmAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true);
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea')).toBe(false);
    expect(isEvmAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false);
    expect(checksumEvm('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe(
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    );
  });

  it('accepts TRON base58check addresses and refuses a broken checksum', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false);
  });

  it('checks each address against its own network', () => {
    expect(normalizeAddress('USDT-TRC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBeUndefined();
    expect(normalizeAddress('USDT-ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBeUndefined();
    expect(normalizeAddress('USDT-BEP20', ' 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed ')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
  });
});
