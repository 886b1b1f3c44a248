import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { iconsPlugin } from './build/icons.ts';
import { prerender } from './build/prerender.ts';
import { serviceWorkerPlugin } from './build/pwa.ts';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes a .br and a .gz beside every text asset of the build, so the server sends them compressed without
 * compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // After the files are written: only then is their code final (Vite fills in its preload lists late). After the
    // prerender too (sequential, listed after it), which rewrites index.html.
    writeBundle: {
      sequential: true,
      handler(options, bundle) {
        const dir = options.dir ?? 'dist';
        for (const fileName of Object.keys(bundle)) {
          if (!/\.(m?js|css|html|svg|json|webmanifest)$/.test(fileName)) continue;
          const file = path.join(dir, fileName);
          const bytes = readFileSync(file);
          if (bytes.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}

/**
 * antd-mobile's ConfigProvider imports its zh-CN texts as the default locale, which put them in every first load.
 * The app always passes its own locale (lib/antdLocale.ts; zh-CN arrives with the zh-CN language chunk), so that
 * default import is pointed at en-US, the texts the first load carries anyway.
 */
function antdDefaultLocale(): Plugin {
  return {
    name: 'antd-default-locale',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '../../locales/zh-CN' || !importer?.includes('config-provider')) return null;
      return this.resolve('antd-mobile/es/locales/en-US', importer, { skipSelf: true });
    },
  };
}

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  // Hash routing: the built app works from any path, so relative asset URLs are enough.
  base: './',
  // The service worker last: its precache lists the files as they were finally written.
  plugins: [react(), iconsPlugin(), antdDefaultLocale(), prerender(), precompress(), serviceWorkerPlugin()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600, manifest: true },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  preview: { proxy: { '/api': 'http://localhost:8080' } },
});
