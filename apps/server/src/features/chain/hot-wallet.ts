import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Address, erc20Abi, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hexKey } from '../../config.ts';
import { localClients, sendTestUsdt } from './local.ts';

/** Where the hot wallet's key is kept when HOT_WALLET_KEY is not set. */
export const hotWalletFile = (dataDir: string) => path.join(dataDir, 'hot-wallet.key');

/**
 * The hot wallet's private key: HOT_WALLET_KEY, else DATA_DIR/hot-wallet.key, which must be readable by its owner
 * only (mode 0600, as ssh asks of its keys). Undefined when neither is there: approved withdrawals are then paid by
 * hand.
 */
export function loadHotWalletKey(dataDir: string, env = process.env): `0x${string}` | undefined {
  if (env.HOT_WALLET_KEY) return hexKey(env.HOT_WALLET_KEY.trim());
  const file = hotWalletFile(dataDir);
  if (!existsSync(file)) return undefined;
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0)
    throw new Error(`${file} must be readable by its owner only: chmod 600 ${file}`);
  const key = readFileSync(file, 'utf8').trim();
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key)) throw new Error(`${file} does not hold a 32-byte hex private key`);
  return hexKey(key);
}

/** The local test chain's hot wallet: made once (a new key in DATA_DIR/hot-wallet.key, mode 0600). */
export function localHotWalletKey(dataDir: string): `0x${string}` {
  const known = loadHotWalletKey(dataDir);
  if (known) return known;
  const key = generatePrivateKey();
  writeFileSync(hotWalletFile(dataDir), `${key}\n`, { mode: 0o600 });
  return key;
}

/**
 * Funds the local chain's hot wallet: gas (anvil sets the balance) and 1,000,000 test USDT from the faucet, each
 * when below a tenth of that, so demo payouts go out.
 */
export async function fundLocalHotWallet(url: string, token: Address, hotWallet: Address) {
  const { client } = localClients(url);
  const gas = await client.getBalance({ address: hotWallet });
  if (gas < parseEther('10'))
    await client.request({
      method: 'anvil_setBalance' as never,
      params: [hotWallet, `0x${parseEther('100').toString(16)}`] as never,
    });
  const usdt = await client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [hotWallet],
  });
  const target = 1_000_000n * 1_000_000n;
  if (usdt < target / 10n) {
    const hash = await sendTestUsdt(url, token, hotWallet, target - usdt);
    await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  }
}

export const hotWalletAddress = (key: `0x${string}`) => privateKeyToAccount(key).address;
