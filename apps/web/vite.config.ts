import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes a .br and a .gz beside every text asset of the build, so the server sends them compressed without
 * compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(item.fileName)) continue;
        const source = item.type === 'chunk' ? item.code : item.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (bytes.length < 1024) continue;
        this.emitFile({
          type: 'asset',
          fileName: `${item.fileName}.gz`,
          source: gzipSync(bytes, { level: 9 }),
        });
        this.emitFile({
          type: 'asset',
          fileName: `${item.fileName}.br`,
          source: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        });
      }
    },
  };
}

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  // Hash routing: the built app works from any path, so relative asset URLs are enough.
  base: './',
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600, manifest: true },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  preview: { proxy: { '/api': 'http://localhost:8080' } },
});
