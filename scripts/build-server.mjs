// `npm run build` (server half): bundles the server's entry points into apps/server/dist as plain JavaScript, so a
// production start needs neither tsx nor TypeScript. Our workspace package (@mp/contract, TypeScript sources) is
// bundled in; every other package stays an import resolved from node_modules at run time (production dependencies).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
/** The commands the build serves: `npm run serve`, `migrate`, `admin`, `sweep`, `rotate-keys`. */
export const ENTRIES = [
  'main',
  'migrate-cli',
  'admin-cli',
  'backup-cli',
  'restore-cli',
  'sweep',
  'rotate-keys',
];

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // A bare import ("fastify", "viem/accounts") is a package: left to node_modules, except our own contract.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@mp/contract' || args.path.startsWith('@mp/contract/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

rmSync(path.join(server, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: ENTRIES.map((name) => ({ in: path.join(server, 'src', `${name}.ts`), out: name })),
  outdir: path.join(server, 'dist'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  // Paths computed from import.meta.url (the web app's dist) resolve from apps/server/dist as from apps/server/src.
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
});
// The ledger's SQL functions, which migrations read as files at run time (db/migrations/ledger-sql.ts): the same
// folder under dist as under src, where that module looks for them.
cpSync(path.join(server, 'src/ledger/sql'), path.join(server, 'dist/ledger/sql'), { recursive: true });
// The demo's pictures and video (features/content/demo-art.ts looks for the folder above it, as for ledger/sql).
cpSync(path.join(server, 'src/features/content/demo-art'), path.join(server, 'dist/demo-art'), {
  recursive: true,
});
process.stdout.write(`server built: apps/server/dist (${ENTRIES.join(', ')})\n`);
