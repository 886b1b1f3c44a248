/**
 * Compiles apps/server/contracts/TestUSDT.sol with solc from npm and writes its ABI and bytecode to
 * apps/server/src/adapters/chain/test-usdt.json (committed: `npm start` deploys it on the local chain without
 * compiling). Run after changing the contract: node --import tsx scripts/compile-usdt.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const source = readFileSync(path.join(root, 'apps/server/contracts/TestUSDT.sol'), 'utf8');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const solc = require('solc') as { compile: (input: string) => string; version: () => string };
const out = JSON.parse(
  solc.compile(
    JSON.stringify({
      language: 'Solidity',
      sources: { 'TestUSDT.sol': { content: source } },
      settings: {
        optimizer: { enabled: true, runs: 200 },
        outputSelection: { '*': { TestUSDT: ['abi', 'evm.bytecode.object'] } },
      },
    }),
  ),
) as {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};
const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
const c = out.contracts['TestUSDT.sol']!.TestUSDT!;
writeFileSync(
  path.join(root, 'apps/server/src/adapters/chain/test-usdt.json'),
  `${JSON.stringify({ compiler: `solc ${solc.version()}`, abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }, null, 2)}\n`,
);
console.log(`compiled TestUSDT with solc ${solc.version()}`);
