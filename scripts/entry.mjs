// `npm run migrate | admin | backup | restore | sweep | rotate-keys`: runs the command from the build
// (apps/server/dist, made by `npm run build`) in production or where TypeScript tooling is not installed (production
// dependencies only), else from the sources through tsx, so a developer never runs a stale build.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name] = process.argv.splice(2, 1);
const built = path.join(root, 'apps/server/dist', `${name}.js`);
const source = path.join(root, 'apps/server/src', `${name}.ts`);
if (!name || !/^[a-z-]+$/.test(name) || (!existsSync(source) && !existsSync(built))) {
  process.stderr.write(`unknown command: ${name ?? '(none)'}\n`);
  process.exit(2);
}

const hasTsx = (() => {
  try {
    createRequire(import.meta.url).resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
})();
const fromBuild = process.env.NODE_ENV === 'production' || !hasTsx;
if (fromBuild && !existsSync(built)) {
  process.stderr.write(`${path.relative(root, built)} is missing: run \`npm run build\` first\n`);
  process.exit(1);
}
const target = fromBuild ? built : source;
// The command sees itself as the script node was asked to run.
process.argv[1] = target;
if (!fromBuild) (await import('tsx/esm/api')).register();
await import(pathToFileURL(target).href);
