import { anchorData } from '@mp/contract';
import type { Address, Hex } from 'viem';
import type { Db } from '../../db/database.ts';
import type { SendState } from '../../db/schema-chain.ts';
import { logger } from '../../lib/log.ts';
import type { ReservesChain } from './chain-reserves.ts';
import { recordAnchor, unanchored } from './queries.ts';

/**
 * The chain area's queue of hot-wallet sends, as this feature uses it (main.ts passes the chain area's functions):
 * the payout worker takes the anchor's nonce under the hot wallet's lock, so anchors never collide with payouts.
 */
export type AnchorPort = {
  queue: (db: Db, a: { chainId: number; hotWallet: Address; key: string; data: Hex }) => Promise<void>;
  find: (
    db: Db,
    key: string,
  ) => Promise<{ state: SendState; tx_hash: string | null; block_number: string | null } | undefined>;
};

/** Failed anchors already said in the log (said once per process, not at every step). */
const saidFailed = new Set<string>();

const anchorKey = (chainId: number, snapshotId: string) => `reserves-anchor:${chainId}:${snapshotId}`;

/**
 * Queues the anchor of every published snapshot of this chain that has none yet (a second queue of one key changes
 * nothing), and records each one's transaction and block once the payout worker has it mined.
 */
export async function anchorStep(db: Db, chain: ReservesChain, port: AnchorPort): Promise<number> {
  const { config } = chain;
  if (!config.hotWallet || !chain.hotWalletKey) return 0;
  let recorded = 0;
  for (const s of await unanchored(db, config.chainId)) {
    if (!s.root_hash) continue;
    const key = anchorKey(config.chainId, s.id);
    const sent = await port.find(db, key);
    if (!sent) {
      const data = anchorData({
        id: s.id,
        root: { hash: `0x${s.root_hash.toString('hex')}`, sums: s.root_sums },
      });
      await port.queue(db, { chainId: config.chainId, hotWallet: config.hotWallet, key, data: data as Hex });
    } else if (sent.state === 'confirmed' && sent.tx_hash && sent.block_number) {
      await recordAnchor(db, s.id, sent.tx_hash, sent.block_number);
      recorded += 1;
    } else if (sent.state === 'failed' && !saidFailed.has(key)) {
      saidFailed.add(key);
      logger('reserves').warn(`snapshot ${s.id}: its anchor transaction failed (see chain_sends ${key})`);
    }
  }
  return recorded;
}
