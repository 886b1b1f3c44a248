/**
 * bench/chain: the deposit scanner over 10,000 blocks holding 20,000 token transfers to 10,000 members' deposit
 * addresses, beside the raw `eth_getLogs` calls for the same range in the same run.
 *
 *   node --import tsx bench/chain/run.ts [--blocks 10000] [--members 10000] [--tcp] [--fresh]
 *
 * A local anvil (no block time) gets the test USDT and, in each block, two transfers from the faucet to two members'
 * addresses (every address receives two). Members and their addresses are seeded straight into embedded PostgreSQL
 * (Unix socket, or loopback TCP with --tcp).
 * 1. Baseline: `eth_getLogs` of the token's Transfer events over the whole range, in the scanner's ranges (500
 *    blocks), one after another.
 * 2. The scanner as the server runs it (`step()` until it reaches the head), on a fresh copy of the seeded database:
 *    every range read, every deposit recorded and credited once through the ledger after 6 confirmations.
 * Three rounds of both, interleaved; the best of each is compared.
 * Target (issue 10): the scanner within 2x of the raw log fetch. Afterwards: 20,000 deposits credited, each member's
 * deposit wallet holds what was sent to it, the ledger's invariants hold.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type Address, encodeFunctionData, erc20Abi } from 'viem';
import { startAnvil } from '../../apps/server/src/adapters/chain/anvil.ts';
import { createDb } from '../../apps/server/src/db/database.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import {
  depositAddress,
  LOCAL_TEST_MNEMONIC,
  xpubOf,
} from '../../apps/server/src/features/chain/addresses.ts';
import { deployTestUsdt, faucetAccount, localClients } from '../../apps/server/src/features/chain/local.ts';
import { createDepositScanner, TRANSFER } from '../../apps/server/src/features/chain/scanner.ts';
import { ensureRoot } from '../../apps/server/src/features/system/bootstrap.ts';
import { checkLedger, createLedger } from '../../apps/server/src/ledger/index.ts';
import { log } from '../common.ts';
import { insertMembers } from '../seed.ts';

const { values: args } = parseArgs({
  options: {
    blocks: { type: 'string', default: '10000' },
    members: { type: 'string', default: '10000' },
    tcp: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
  },
});
const BLOCKS = Number(args.blocks);
const MEMBERS = Number(args.members);
const PER_BLOCK = 2;
const RANGE = 500;
/** Gas each transfer declares (it uses at most ~52,000). */
const TX_GAS = 100_000;
const CHAIN = 31337;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-bench-chain-'));
  const pg = await startEmbeddedPostgres(dir);
  // The mined chain is kept between runs (mining 10,000 blocks takes minutes: anvil's work per block grows with the
  // token's storage); --fresh mines it again. A base fee of 0 stays (near) 0 however full the blocks are.
  const cache = path.join(tmpdir(), `mp-bench-chain-${BLOCKS}x${MEMBERS}`);
  const stateFile = path.join(cache, 'anvil-state.json');
  const metaFile = path.join(cache, 'meta.json');
  const cached = !args.fresh && existsSync(metaFile) && existsSync(stateFile);
  if (!cached) rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  const anvil = await startAnvil({
    args: ['--base-fee', '0', ...(cached ? ['--load-state', stateFile] : ['--dump-state', stateFile])],
  });
  let failed = false;
  try {
    await ensureDatabase(pg.url('postgres'), 'app');
    const db = createDb(args.tcp ? pg.url('app') : pg.socketUrl('app'), 10);
    log(`PostgreSQL over ${args.tcp ? 'loopback TCP' : 'its Unix socket'}; anvil at ${anvil.url}`);
    await migrate(db);
    await ensureRoot(db, 'company');

    log(`seeding ${MEMBERS} members and their deposit addresses ...`);
    const members = await insertMembers(db, {
      prefix: 'dep',
      count: MEMBERS,
      passwordHash: 'x',
      txPasswordHash: 'x',
    });
    const xpub = xpubOf(LOCAL_TEST_MNEMONIC, 1);
    const addresses: Address[] = [];
    for (let i = 0; i < members.length; i += 1000) {
      const chunk = members
        .slice(i, i + 1000)
        .map((id) => ({ id, address: depositAddress(xpub, Number(id)) }));
      addresses.push(...chunk.map((c) => c.address));
      await db
        .insertInto('chain_addresses')
        .values(
          chunk.map((c) => ({
            chain_id: CHAIN,
            member_id: c.id,
            address: c.address.toLowerCase(),
            derivation_index: c.id,
          })),
        )
        .execute();
    }

    const { client } = localClients(anvil.url);
    const meta = cached
      ? (JSON.parse(readFileSync(metaFile, 'utf8')) as { token: Address; start: string })
      : undefined;
    const token = meta?.token ?? (await deployTestUsdt(anvil.url));
    const rpc = async (calls: { method: string; params: unknown[] }[]) => {
      const res = await fetch(anvil.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(calls.map((c, i) => ({ jsonrpc: '2.0', id: i, ...c }))),
      });
      const out = (await res.json()) as { error?: { message: string } }[];
      const bad = out.find((o) => o.error);
      if (bad) throw new Error(bad.error!.message);
    };
    // Blocks are mined by hand: two transfers each.
    const start = meta ? BigInt(meta.start) : (await client.getBlockNumber()) + 1n;
    const faucet = faucetAccount().address;
    // Every address's expected sum (the same transfers whether mined now or loaded).
    const sent = new Map<string, bigint>();
    const amountOf = (k: number) => BigInt(1_000_000 + (k % 1000) * 1000);
    for (let k = 0; k < BLOCKS * PER_BLOCK; k++) {
      const to = addresses[k % addresses.length]!.toLowerCase();
      sent.set(to, (sent.get(to) ?? 0n) + amountOf(k));
    }
    if (!cached) await rpc([{ method: 'evm_setAutomine', params: [false] }]);
    log(
      cached
        ? `the chain mined before, from ${stateFile}`
        : `mining ${BLOCKS} blocks with ${BLOCKS * PER_BLOCK} transfers ...`,
    );
    const firstNonce = cached
      ? 1
      : await client.getTransactionCount({ address: faucet, blockTag: 'pending' });
    const made = await timed(async () => {
      if (cached) return;
      // 50 blocks per request: the block's transfers (explicit nonces), then the block, in order.
      for (let blk = 0; blk < BLOCKS; blk += 50) {
        const sends: { method: string; params: unknown[] }[] = [];
        for (let k = blk * PER_BLOCK; k < Math.min(BLOCKS, blk + 50) * PER_BLOCK; k++) {
          const to = addresses[k % addresses.length]!;
          const amount = amountOf(k);
          sends.push({
            method: 'eth_sendTransaction',
            params: [
              {
                from: faucet,
                to: token,
                gas: `0x${TX_GAS.toString(16)}`,
                nonce: `0x${(firstNonce + k).toString(16)}`,
                data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
              },
            ],
          });
        }
        // One by one, a block after every PER_BLOCK transfers: a batch's calls may run in any order.
        for (let k = 0; k < sends.length; k++) {
          await rpc([sends[k]!]);
          if ((k + 1) % PER_BLOCK === 0) await rpc([{ method: 'evm_mine', params: [] }]);
        }
      }
      // The blocks, and the last deposits' confirmations.
      await rpc([{ method: 'anvil_mine', params: ['0x6'] }]);
    });
    const head = await client.getBlockNumber();
    const pending = await client.getTransactionCount({ address: faucet, blockTag: 'latest' });
    if (pending - firstNonce !== BLOCKS * PER_BLOCK)
      throw new Error(`only ${pending - firstNonce} of ${BLOCKS * PER_BLOCK} transfers were mined`);
    log(
      `  ${cached ? 'loaded' : 'mined'} in ${(made.ms / 1000).toFixed(1)} s: blocks ${start}..${head}, ${pending - firstNonce} transfers mined`,
    );
    if (!cached) writeFileSync(metaFile, JSON.stringify({ token, start: start.toString() }));

    // Three rounds, each: the raw log fetch (baseline), then the scanner on a fresh copy of the seeded database.
    await db.destroy();
    const raw = async () => {
      let n = 0;
      for (let from = start; from <= head; from += BigInt(RANGE)) {
        const to = from + BigInt(RANGE) - 1n < head ? from + BigInt(RANGE) - 1n : head;
        n += (await client.getLogs({ address: token, event: TRANSFER, fromBlock: from, toBlock: to })).length;
      }
      return n;
    };
    const scanOnce = async (name: string) => {
      await ensureDatabase(pg.url('postgres'), name, 'app');
      const copy = createDb(args.tcp ? pg.url(name) : pg.socketUrl(name), 10);
      const scanner = createDepositScanner({
        db: copy,
        ledger: createLedger(copy),
        client,
        chainId: CHAIN,
        token,
        confirmations: 6,
        minimum: 1_000_000n,
        range: RANGE,
        startBlock: start,
      });
      const run = await timed(async () => {
        let credited = 0;
        let steps = 0;
        for (;;) {
          const r = await scanner.step();
          steps++;
          credited += r.credited;
          if (!r.scanned && r.credited === 0) break;
        }
        return { credited, steps };
      });
      return { ...run, db: copy };
    };
    let rawBest = Number.POSITIVE_INFINITY;
    let rawLogs = 0;
    let best: Awaited<ReturnType<typeof scanOnce>> | undefined;
    for (let round = 1; round <= 3; round++) {
      const r = await timed(raw);
      rawBest = Math.min(rawBest, r.ms);
      rawLogs = r.value;
      const s = await scanOnce(`scan${round}`);
      log(`round ${round}: raw eth_getLogs ${r.ms.toFixed(0)} ms, scanner ${s.ms.toFixed(0)} ms`);
      if (!best || s.ms < best.ms) {
        await best?.db.destroy();
        best = s;
      } else await s.db.destroy();
    }
    const scan = best!;
    const blocks = Number(head - start + 1n);
    log(`raw eth_getLogs: ${rawLogs} logs in ${rawBest.toFixed(0)} ms (best of 3)`);
    log(
      `scanner: ${scan.value.credited} deposits credited in ${scan.value.steps} steps, ${(scan.ms / 1000).toFixed(2)} s (best of 3): ` +
        `${Math.round(blocks / (scan.ms / 1000))} blocks/s, ${Math.round(scan.value.credited / (scan.ms / 1000))} deposits/s`,
    );
    log(`ratio: scanner / raw log fetch = ${(scan.ms / rawBest).toFixed(2)}x (target: at most 2x)`);

    // Afterwards (the best round's database): every deposit credited once, the wallets hold what was sent, the
    // ledger balances.
    const out = scan.db;
    const counts = await out
      .selectFrom('chain_deposits')
      .select(['state', sql<string>`count(*)`.as('n')])
      .groupBy('state')
      .execute();
    const credited = Number(counts.find((c) => c.state === 'credited')?.n ?? 0);
    const wallets = await out
      .selectFrom('ledger_accounts as a')
      .innerJoin('chain_addresses as c', 'c.member_id', 'a.member_id')
      .select(['c.address', sql<string>`a.credits_posted - a.debits_posted`.as('balance')])
      .where('a.wallet', '=', 'deposit')
      .where('a.asset', '=', 'USDT')
      .execute();
    const mismatched = wallets.filter((w) => BigInt(w.balance) !== (sent.get(w.address) ?? 0n));
    const health = await checkLedger(out);
    log(
      `check: ${credited} credited (expected ${BLOCKS * PER_BLOCK}), ${wallets.length} wallets, ${mismatched.length} mismatched, ledger ${health.healthy ? 'healthy' : `NOT healthy: ${health.problems.join('; ')}`}`,
    );
    if (credited !== BLOCKS * PER_BLOCK || mismatched.length || !health.healthy) failed = true;
    await out.destroy();
  } finally {
    await anvil.stop();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
