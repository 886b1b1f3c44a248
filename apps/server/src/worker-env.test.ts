import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('HTTP workers', () => {
  it("never see the hot wallet's key or the sweep mnemonic, only the hot wallet's address", () => {
    const script = path.resolve(import.meta.dirname, '../test/fixtures/worker-env.ts');
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(JSON.parse(out.trim())).toEqual({
      HOT_WALLET_KEY: null,
      SWEEP_MNEMONIC: null,
      HOT_WALLET_ADDRESS: '0x0000000000000000000000000000000000000001',
      MP_WORKER_DATABASE_URL: 'postgres://worker',
    });
  });
});
