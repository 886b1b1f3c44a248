import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './postgres.ts';

/**
 * One PostgreSQL for the whole run: DATABASE_URL when set, else an embedded server in a temp folder.
 * A migrated template database is made once; each test file copies it (see test/app.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-test-pg-'));
  const pg = await startTestPostgres(dir);
  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('pgTemplate', pg.template);
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
