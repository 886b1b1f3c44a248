import type { AddressType } from '@mp/contract';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58 } from '@scure/base';

const NETWORK_NAMES: Record<AddressType, string> = {
  'USDT-TRC20': 'USDT (TRON, TRC-20)',
  'USDT-ERC20': 'USDT (Ethereum, ERC-20)',
  'USDT-BEP20': 'USDT (BNB Smart Chain, BEP-20)',
};

/** Public explorers of the networks' main chains, for payouts made by hand on a chain this server does not follow. */
const TX_EXPLORERS: Record<AddressType, string> = {
  'USDT-TRC20': 'https://tronscan.org/#/transaction/',
  'USDT-ERC20': 'https://etherscan.io/tx/',
  'USDT-BEP20': 'https://bscscan.com/tx/',
};

export const publicTxUrl = (type: string, hash: string) =>
  TX_EXPLORERS[type as AddressType] ? `${TX_EXPLORERS[type as AddressType]}${hash}` : '';

/** A transaction hash as the network writes it (EVM: 0x + 64 hex, lower case; TRON: 64 hex), or undefined. */
export function normalizeTxHash(type: string, hash: string): string | undefined {
  const h = hash.trim();
  if (type === 'USDT-TRC20') return /^[0-9a-fA-F]{64}$/.test(h) ? h.toLowerCase() : undefined;
  return /^0x[0-9a-fA-F]{64}$/.test(h) ? h.toLowerCase() : undefined;
}

export function networkName(type: string): string {
  return NETWORK_NAMES[type as AddressType] ?? type;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** EVM address: 0x + 40 hex digits; when letters are mixed case, the EIP-55 checksum must hold. */
export function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  const hash = hex(keccak_256(new TextEncoder().encode(body.toLowerCase())));
  for (let i = 0; i < 40; i++) {
    const c = body[i]!;
    if (
      /[a-f]/i.test(c) &&
      (Number.parseInt(hash[i]!, 16) >= 8 ? c !== c.toUpperCase() : c !== c.toLowerCase())
    )
      return false;
  }
  return true;
}

/** EIP-55 form of a valid EVM address (stored so that one address has one spelling). */
export function checksumEvm(address: string): string {
  const body = address.slice(2).toLowerCase();
  const hash = hex(keccak_256(new TextEncoder().encode(body)));
  return `0x${[...body].map((c, i) => (Number.parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

/** TRON address: base58check of 0x41 + 20 bytes, 34 characters starting with T. */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return false;
  }
  if (bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const payload = bytes.slice(0, 21);
  const check = sha256(sha256(payload)).slice(0, 4);
  return check.every((b, i) => b === bytes[21 + i]);
}

/** The address in its canonical form for its network, or undefined when it is not valid there. */
export function normalizeAddress(type: AddressType, address: string): string | undefined {
  const a = address.trim();
  if (type === 'USDT-TRC20') return isTronAddress(a) ? a : undefined;
  return isEvmAddress(a) ? checksumEvm(a) : undefined;
}

export function maskAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}...${address.slice(-4)}` : address;
}
