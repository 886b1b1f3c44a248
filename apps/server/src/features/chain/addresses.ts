import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, getAddress, keccak256 } from 'viem';

/**
 * Deposit addresses, watch-only: each member's address is child `index` of the operator's extended public key (an
 * xpub at the BIP-44 level m/44'/60'/<account>'/0), so the server can show and scan addresses but never holds a key
 * that spends from them. The private side stays with the operator's sweep tool.
 */
export function depositAddress(xpub: string, index: number): `0x${string}` {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(index);
  if (!child.publicKey) throw new Error('the deposit key has no public key');
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
  return getAddress(`0x${keccak256(bytesToHex(uncompressed.slice(1))).slice(-40)}`);
}

/** The well-known test mnemonic of anvil and Hardhat: only for the local chain. */
export const LOCAL_TEST_MNEMONIC = 'test test test test test test test test test test test junk';

/** The xpub at m/44'/60'/<account>'/0 of a mnemonic (the local chain's deposit xpub uses account 1). */
export function xpubOf(mnemonic: string, account = 1): string {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(`m/44'/60'/${account}'/0`)
    .publicExtendedKey;
}
