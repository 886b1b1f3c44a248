// The server's import rules (DESIGN.md section 2), checked by `npm test` (scripts/architecture.mjs). Layers, top to
// bottom: the entry points (main, serve, the CLIs) -> app -> http -> features and jobs -> platform and adapters ->
// ledger -> db -> lib and config. An import may only point down; features meet through public modules.
const { readdirSync } = require('node:fs');
const path = require('node:path');

const SRC = '^apps/server/src/';

/** Each layer and its rank: a module may import only modules of a larger rank, or of its own layer. */
const LAYERS = [
  { name: 'entry', rank: 0, path: `${SRC}(main|serve|sweep|rotate-keys|[a-z-]+-cli)\\.ts$` },
  { name: 'app', rank: 1, path: `${SRC}(app|engines)\\.ts$` },
  { name: 'http', rank: 2, path: `${SRC}http/` },
  { name: 'features', rank: 3, path: `${SRC}(features|jobs)/` },
  { name: 'platform', rank: 4, path: `${SRC}(platform/|deps\\.ts$)` },
  { name: 'adapters', rank: 4, path: `${SRC}adapters/` },
  { name: 'ledger', rank: 5, path: `${SRC}ledger/` },
  { name: 'db', rank: 6, path: `${SRC}db/` },
  { name: 'lib', rank: 7, path: `${SRC}(lib/|config\\.ts$)` },
];

/**
 * Which feature may use which other feature's public module (`features/<x>/index.ts`), and why. Anything else
 * between features goes through a port passed in by the composition root.
 */
const FEATURE_PAIRS = {
  'bots -> trading':
    'bots trade through the member’s trading accounts: resolve them, send and cancel exchange orders, read the markets',
  'copy -> trading':
    'copy trading runs its pools on paper accounts and mirrors lead traders’ orders on the listed markets',
  'content -> trading': 'the home page shows market prices (Main/homecoin) from the market data',
  'content -> wallet': 'the game pays its prizes in the airdrop wallet and asset',
  'admin -> members': 'an admin setting a member’s password applies the members’ password rule',
  'admin -> system': 'the admin CLI makes admin accounts the way the start-up bootstrap does',
  'admin -> wallet': 'admins set and read the exchange price (the two-person threshold is valued with it)',
  'airdrop -> wallet': 'a campaign credits the airdrop wallet and asset',
  'auth -> members':
    'sign-up and password reset create members and reach their contact (codes, placement, sponsor)',
  'auth -> network': 'a new member’s team figures are brought up the tree after sign-up commits',
  'mining -> network': 'a package purchase is recorded for the plan and pays its bonus legs up the tree',
  'security -> members':
    'turning two-factor on or off is a credential change the members area confirms and tells',
  'shop -> content': 'product pictures are CMS media, served at their media URL',
  'shop -> mining': 'checkout spends the shop vouchers earned with mining packages',
  'shop -> network': 'an order is recorded for the plan and pays its bonus legs up the tree',
  'shop -> wallet': 'stock sent to another member goes to a recipient the wallet’s transfer rules accept',
  'system -> content':
    'the demo loader has the content area write its demo articles, pictures and PDF, and reads its art for the shop',
  'system -> mining': 'the demo loader has the mining area write its demo packages, with the demo members',
  'wallet -> members': 'a transfer shows the recipient’s masked name',
  'withdraw -> admin':
    'withdrawals above the threshold need a second admin (the admin area’s two-person rule)',
  'withdraw -> chain':
    'an approved withdrawal is queued for the hot wallet; its transaction links to the explorer',
  'withdraw -> members':
    'binding a withdrawal address is a credential change confirmed with the login password',
  'withdraw -> wallet': 'withdrawals are paid from the fixed withdrawal wallet and asset',
};

const features = readdirSync(path.join(__dirname, 'apps/server/src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const climbing = LAYERS.flatMap((from) =>
  LAYERS.filter((to) => to.rank < from.rank).map((to) => ({
    name: 'no-climbing',
    comment: `${from.name} sits below ${to.name}: it must not import it`,
    severity: 'error',
    from: { path: from.path },
    to: { path: to.path },
  })),
);

const pairs = features.map((feature) => {
  const allowed = Object.keys(FEATURE_PAIRS)
    .filter((pair) => pair.startsWith(`${feature} -> `))
    .map((pair) => pair.slice(`${feature} -> `.length));
  return {
    name: 'feature-pairs',
    comment: `${feature} may use only the public modules declared for it in FEATURE_PAIRS`,
    severity: 'error',
    from: { path: `${SRC}features/${feature}/` },
    to: {
      path: `${SRC}features/[^/]+/index\\.ts$`,
      pathNot: [`${SRC}features/${feature}/`, ...allowed.map((b) => `${SRC}features/${b}/index\\.ts$`)],
    },
  };
});

module.exports = {
  FEATURE_PAIRS,
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycles between files',
      severity: 'error',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment: 'no import cycles between folders',
      severity: 'error',
      scope: 'folder',
      from: { path: SRC },
      to: { circular: true },
    },
    ...climbing,
    {
      name: 'feature-internals',
      comment:
        'a feature reaches another only through its public module (features/<x>/index.ts), never its internals',
      severity: 'error',
      from: { path: `${SRC}(features|jobs)/([^/]+)/` },
      to: { path: `${SRC}features/`, pathNot: [`${SRC}$1/$2/`, `${SRC}features/[^/]+/index\\.ts$`] },
    },
    ...pairs,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^apps/server/test/', 'node_modules'] },
    // TypeScript 7 has no JavaScript API to parse with: swc reads the sources (type-only imports count too).
    parser: 'swc',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
