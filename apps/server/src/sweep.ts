import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ASSETS, formatAmount, parseAmount } from '@mp/contract';
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from './config.ts';
import { connectCommand, prepareSchema } from './db/connect.ts';
import { LOCAL_TEST_MNEMONIC } from './features/chain/addresses.ts';
import { loadHotWalletKey } from './features/chain/hot-wallet.ts';
import { createPayoutWorker } from './features/chain/payouts.ts';
import { sweepClient, sweepDeposits } from './features/chain/sweep.ts';
import { withdrawalPayouts } from './features/withdraw/index.ts';
import { createLedger } from './ledger/index.ts';
import { configureLogging, consoleLogger, logger } from './lib/log.ts';

/**
 * `npm run sweep [-- --min 10 --dry-run]`: moves members' deposits from their deposit addresses to the hot wallet
 * (README "Sweeping deposits"). The deposit keys come from SWEEP_MNEMONIC (SWEEP_ACCOUNT, default 0), given to this
 * tool only; on npm start's local test chain they are the chain's well-known test mnemonic and the running server's
 * chain is used.
 */
/** The operator's report (a line per address, the total): plain text on stdout. */
const say = (line: string) => process.stdout.write(`${line}\n`);
/** What happens on the way (the database started, addresses found, each sweep sent): log lines (lib/log.ts). */
const note = (line: string) => consoleLogger('sweep').info(line);

async function main() {
  const { values } = parseArgs({
    options: { min: { type: 'string', default: '10' }, 'dry-run': { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  configureLogging({ proc: 'sweep', level: config.logLevel, format: config.logFormat });
  const min = parseAmount(values.min, ASSETS.USDT.decimals);
  if (!min.ok) throw new Error(`--min is not an amount: ${values.min}`);

  let chain = config.chain;
  let local = false;
  if (!chain) {
    const saved = path.join(config.dataDir, 'chain', 'local.json');
    const state = existsSync(saved)
      ? (JSON.parse(readFileSync(saved, 'utf8')) as { token?: Address; rpcUrl?: string })
      : {};
    if (!state.token || !state.rpcUrl)
      throw new Error('No chain: set CHAIN_RPC_URL, USDT_CONTRACT and DEPOSIT_XPUB, or run npm start first.');
    chain = {
      rpcUrl: state.rpcUrl,
      chainId: 31337,
      name: 'Local test chain',
      network: 'ERC20',
      explorer: '',
      token: state.token,
      xpub: '',
      confirmations: 6,
      minimum: '1',
      test: true,
    };
    local = true;
  }
  const mnemonic = process.env.SWEEP_MNEMONIC ?? (local ? LOCAL_TEST_MNEMONIC : undefined);
  if (!mnemonic)
    throw new Error('Set SWEEP_MNEMONIC: the mnemonic of the deposit xpub (it stays with this tool).');
  const account = Number(process.env.SWEEP_ACCOUNT ?? (local ? 1 : 0));
  const hotKey = loadHotWalletKey(config.dataDir);
  if (!hotKey)
    throw new Error('No hot wallet: set HOT_WALLET_KEY or put the key in DATA_DIR/hot-wallet.key.');
  const client = sweepClient(chain.rpcUrl);
  await client.getChainId().catch(() => {
    throw new Error(`The chain at ${chain.rpcUrl} does not answer${local ? ': is npm start running?' : ''}`);
  });

  // The database: DATABASE_URL, the running server's embedded one, else the embedded one started here.
  const database = await connectCommand(config, note, 4);
  try {
    await prepareSchema(database.db, config, note);
    const hot = privateKeyToAccount(hotKey);
    const results = await sweepDeposits({
      db: database.db,
      client,
      chainId: chain.chainId,
      token: chain.token,
      mnemonic,
      account,
      hotWallet: hot.address,
      minimum: min.value,
      worker: createPayoutWorker({
        db: database.db,
        ledger: createLedger(database.db),
        client,
        chainId: chain.chainId,
        token: chain.token,
        account: hot,
        confirmations: chain.confirmations,
        withdrawals: withdrawalPayouts,
      }),
      dryRun: values['dry-run'],
      log: note,
    });
    const usdt = (v: bigint) => `${formatAmount(v, ASSETS.USDT.decimals)} USDT`;
    for (const r of results)
      say(
        `${r.state.padEnd(8)} ${r.address} ${usdt(r.amount)}${r.gas_topup ? ` (gas top-up ${r.gas_topup} wei)` : ''}${r.tx_hash ? ` ${r.tx_hash}` : ''}${r.error ? ` ${r.error}` : ''}`,
      );
    const swept = results.filter((r) => r.state === 'swept').reduce((s, r) => s + r.amount, 0n);
    say(
      values['dry-run']
        ? `Would sweep ${usdt(results.reduce((s, r) => s + r.amount, 0n))} from ${results.length} addresses.`
        : `Swept ${usdt(swept)} to the hot wallet ${hot.address}.`,
    );
    if (results.some((r) => r.state === 'failed')) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  logger('sweep').fatal(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
