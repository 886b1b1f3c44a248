import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ASSETS, parseAmount } from '@mp/contract';
import { type Address, createPublicClient, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type Anvil, startAnvil } from '../../adapters/chain/anvil.ts';
import type { ChainConfig, Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Ledger } from '../../ledger/index.ts';
import { logger, workId } from '../../lib/log.ts';
import type { PeriodicTask } from '../../platform/scheduler.ts';
import { LOCAL_TEST_MNEMONIC, xpubOf } from './addresses.ts';
import { memberDepositAddress } from './deposit-addresses.ts';
import { deployTestUsdt, localClients, sendTestUsdt } from './local.ts';
import { fundLocalHotWallet, hotWalletAddress, localHotWalletKey } from './hot-wallet.ts';
import type { WithdrawalPayouts } from './payout-port.ts';
import { createPayoutWorker } from './payouts.ts';
import { createDepositScanner } from './scanner.ts';

/**
 * npm start's local test chain: anvil with its state under DATA_DIR (it survives a restart), a block every 2 s,
 * the test USDT deployed once (its address kept beside the state) with the supply on anvil's first account. The
 * chain's settings go to the environment, so the HTTP workers forked afterwards read the same chain.
 */
export async function startLocalChain(
  config: Config,
): Promise<{ anvil: Anvil; chain: ChainConfig; hotWalletKey: `0x${string}` }> {
  const dir = path.join(config.dataDir, 'chain');
  mkdirSync(dir, { recursive: true });
  const anvil = await startAnvil({ blockTime: 2, stateFile: path.join(dir, 'anvil-state.json') });
  const saved = path.join(dir, 'local.json');
  let token: Address | undefined;
  if (existsSync(saved)) {
    const known = (JSON.parse(readFileSync(saved, 'utf8')) as { token?: Address }).token;
    // A state file lost or from elsewhere: the token is deployed again.
    const code = known ? await localClients(anvil.url).client.getCode({ address: known }) : undefined;
    if (code && code !== '0x') token = known;
  }
  if (!token) token = await deployTestUsdt(anvil.url);
  // The token, and where the chain answers now (for `npm run sweep` beside the running server).
  const state = existsSync(saved) ? (JSON.parse(readFileSync(saved, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(
    saved,
    `${JSON.stringify({ ...(state.token === token ? state : {}), token, rpcUrl: anvil.url }, null, 2)}\n`,
  );
  const hotWalletKey = localHotWalletKey(config.dataDir);
  const hotWallet = hotWalletAddress(hotWalletKey);
  await fundLocalHotWallet(anvil.url, token, hotWallet);
  const chain: ChainConfig = {
    hotWallet,
    rpcUrl: anvil.url,
    chainId: 31337,
    name: 'Local test chain',
    network: 'ERC20',
    explorer: '',
    token,
    xpub: xpubOf(LOCAL_TEST_MNEMONIC, 1),
    confirmations: 6,
    minimum: config.chain?.minimum ?? '1',
    test: true,
  };
  Object.assign(process.env, {
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(chain.chainId),
    CHAIN_NAME: chain.name,
    CHAIN_TEST: '1',
    USDT_CONTRACT: chain.token,
    DEPOSIT_XPUB: chain.xpub,
    HOT_WALLET_ADDRESS: hotWallet,
  });
  return { anvil, chain, hotWalletKey };
}

const publicClient = (chain: ChainConfig) =>
  createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 }) as PublicClient;

/**
 * The deposit scanner, a pass every 2 s (several servers may run it: see scanner.ts); each pass's log lines carry a
 * `scan` id.
 */
export function depositScanTask(db: Db, ledger: Ledger, chain: ChainConfig): PeriodicTask {
  const min = parseAmount(chain.minimum, ASSETS.USDT.decimals);
  if (!min.ok) throw new Error(`DEPOSIT_MINIMUM is not an amount: ${chain.minimum}`);
  const scanner = createDepositScanner({
    db,
    ledger,
    client: publicClient(chain),
    chainId: chain.chainId,
    token: chain.token,
    confirmations: chain.confirmations,
    minimum: min.value,
  });
  return {
    name: 'deposit scanner',
    every: 2000,
    step: scanner.step,
    log: logger('scanner'),
    context: () => ({ scan: workId() }),
  };
}

/**
 * The payout worker, a pass every 2 s (several servers may run it: see payouts.ts). A stopping server waits for the
 * pass under way: a payout between its signing and its broadcast finishes. `withdrawals` writes each payout's state
 * on its withdrawal (the withdraw area's).
 */
export function payoutTask(
  db: Db,
  ledger: Ledger,
  chain: ChainConfig,
  hotWalletKey: `0x${string}`,
  withdrawals: WithdrawalPayouts,
): PeriodicTask {
  const worker = createPayoutWorker({
    db,
    ledger,
    client: publicClient(chain),
    chainId: chain.chainId,
    token: chain.token,
    account: privateKeyToAccount(hotWalletKey),
    confirmations: chain.confirmations,
    withdrawals,
  });
  return { name: 'payouts', every: 2000, step: worker.step, log: logger('payouts') };
}

/**
 * Demo data on the local test chain: alice and bob each receive 250 test USDT at their deposit addresses once (a mark
 * beside the chain's state), so their deposit records show a deposit confirming and then credited on a first start.
 */
export async function sendDemoDeposits(db: Db, config: Config, chain: ChainConfig) {
  const saved = path.join(config.dataDir, 'chain', 'local.json');
  const state = existsSync(saved) ? (JSON.parse(readFileSync(saved, 'utf8')) as Record<string, unknown>) : {};
  if (state.token !== chain.token || state.demoDeposits) return;
  const members = await db
    .selectFrom('members')
    .select(['id', 'userid'])
    .where('userid', 'in', ['alice', 'bob'])
    .orderBy('id')
    .execute();
  for (const m of members) {
    const address = await memberDepositAddress(db, chain.chainId, chain.xpub, m.id);
    await sendTestUsdt(chain.rpcUrl, chain.token, address, 250_000_000n);
  }
  writeFileSync(saved, `${JSON.stringify({ ...state, demoDeposits: true }, null, 2)}\n`);
}
