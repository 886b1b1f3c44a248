import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      'apps/*/vitest.config.ts',
      'apps/*/vitest.*.config.ts',
    ],
  },
});
