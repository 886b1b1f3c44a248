import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { iconsPlugin } from './build/icons.ts';

export default defineConfig({
  plugins: [react(), iconsPlugin()],
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // antd-mobile ships ESM that imports .css files: let vite transform it instead of Node.
    server: { deps: { inline: ['antd-mobile'] } },
  },
});
