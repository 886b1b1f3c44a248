import type { CallDef } from './call.ts';
import * as adminMoney from './calls/admin-money.ts';
import * as adminNetwork from './calls/admin-network.ts';
import * as adminSecurity from './calls/admin-security.ts';
import * as auth from './calls/auth.ts';
import * as content from './calls/content.ts';
import * as trading from './calls/trading.ts';
import * as shop from './calls/shop.ts';
import * as bots from './calls/bots.ts';
import * as chain from './calls/chain.ts';
import * as copy from './calls/copy.ts';
import * as kyc from './calls/kyc.ts';
import * as member from './calls/member.ts';
import * as mining from './calls/mining.ts';
import * as network from './calls/network.ts';
import * as security from './calls/security.ts';
import * as system from './calls/system.ts';
import * as transfer from './calls/transfer.ts';
import * as wallet from './calls/wallet.ts';
import * as withdraw from './calls/withdraw.ts';
import * as payouts from './calls/payouts.ts';
import * as reserves from './calls/reserves.ts';

/** Every calls module, by the name `refs.ts` gives its type-only import. */
const MODULES: Record<string, { file: string; exports: Record<string, unknown> }> = {
  adminMoney: { file: 'admin-money', exports: adminMoney },
  adminNetwork: { file: 'admin-network', exports: adminNetwork },
  adminSecurity: { file: 'admin-security', exports: adminSecurity },
  auth: { file: 'auth', exports: auth },
  content: { file: 'content', exports: content },
  trading: { file: 'trading', exports: trading },
  shop: { file: 'shop', exports: shop },
  bots: { file: 'bots', exports: bots },
  chain: { file: 'chain', exports: chain },
  copy: { file: 'copy', exports: copy },
  kyc: { file: 'kyc', exports: kyc },
  member: { file: 'member', exports: member },
  mining: { file: 'mining', exports: mining },
  network: { file: 'network', exports: network },
  security: { file: 'security', exports: security },
  system: { file: 'system', exports: system },
  transfer: { file: 'transfer', exports: transfer },
  wallet: { file: 'wallet', exports: wallet },
  withdraw: { file: 'withdraw', exports: withdraw },
  payouts: { file: 'payouts', exports: payouts },
  reserves: { file: 'reserves', exports: reserves },
};

function isCall(value: unknown): value is CallDef {
  return typeof value === 'object' && value !== null && 'name' in value && 'request' in value;
}

/**
 * The browser's call references: for each call a plain object with its name and method, typed by its definition.
 * One file per calls module (`refs/<module>.ts`), re-exported by `refs.ts`: a chunk of the app then carries only
 * the references of the areas it calls, so a new area's calls do not grow the first screen's download.
 * `node --import tsx scripts/contract-refs.ts` writes them; a test fails when one is out of date.
 */
export function refsSources(): Record<string, string> {
  const head =
    '// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.';
  const names = Object.keys(MODULES).sort();
  const out: Record<string, string> = {
    'refs.ts': `${[head, ...names.map((ns) => `export * from './refs/${MODULES[ns]?.file}.ts';`)].join('\n')}\n`,
  };
  for (const ns of names) {
    const file = MODULES[ns]?.file ?? ns;
    const lines = [
      head,
      "import type { CallRef } from '../call.ts';",
      `import type * as ${ns} from '../calls/${file}.ts';`,
      '',
    ];
    const exports = MODULES[ns]?.exports ?? {};
    for (const [name, value] of Object.entries(exports).sort(([a], [b]) => a.localeCompare(b))) {
      if (!isCall(value)) continue;
      const fields = [`name: '${value.name}'`, `method: '${value.method}'`];
      if (value.multipart) fields.push('multipart: true');
      const start = `export const ${name}: CallRef<typeof ${ns}.${name}> = `;
      const oneLine = `${start}{ ${fields.join(', ')} };`;
      // The repository's formatter (biome, 110 columns) would break a longer line the same way.
      lines.push(oneLine.length <= 110 ? oneLine : `${start}{\n${fields.map((f) => `  ${f},\n`).join('')}};`);
    }
    out[`refs/${file}.ts`] = `${lines.join('\n')}\n`;
  }
  return out;
}
