import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ReserveProof, verifyProof } from '../../../packages/contract/src/reserves/index.ts';
import { openAdminPage } from './admin.ts';
import { adminApi, api, launchBrowser, openApp, screenshot } from './browser.ts';
import { apiLogin, createMember, expectText, logInThroughPage, type NewMember } from './members.ts';

/**
 * Proof of reserves from the member's side on `npm start`'s own chain: the page verifies the member's proof in the
 * browser (hashes, the anchor read from the chain, the hot wallet's signature), the downloaded proof passes the
 * standalone verifier and an edited copy does not, and a root the server shows but did not anchor is caught.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
let browser: Browser;
let member: NewMember;
let snapshotId: string;

type AdminSnapshot = { id: string; state: string; problem: string; anchor_tx: string | null };

/**
 * Asks for a snapshot as the e2e admin and waits (a plain loop: beforeAll has no expect.poll) until it is published
 * and its anchor transaction mined (the payout worker sends it after the publication).
 */
async function takeSnapshot(): Promise<string> {
  const started = await adminApi<{ id: string }>('Admin/reservesnow', { idempotency_key: randomUUID() });
  if (started.status !== 1) throw new Error(`Admin/reservesnow: ${started.msg}`);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const list = await adminApi<{ list: AdminSnapshot[] }>('Admin/reserves');
    const snapshot = list.data.list.find((s) => s.id === started.data.id);
    if (snapshot?.state === 'published' && snapshot.anchor_tx) return snapshot.id;
    if (snapshot?.state === 'refused')
      throw new Error(`snapshot ${snapshot.id} refused: ${snapshot.problem}`);
    if (Date.now() > deadline) throw new Error(`snapshot ${started.data.id}: ${JSON.stringify(snapshot)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember();
  const funded = await adminApi('Admin/adjustbalance', {
    userid: member.userid,
    wallet: 'funds',
    asset: 'USDT',
    amount: '25.5',
    reason: 'e2e proof of reserves',
    idempotency_key: randomUUID(),
  });
  if (funded.status !== 1) throw new Error(`Admin/adjustbalance: ${funded.msg}`);
  snapshotId = await takeSnapshot();
});
afterAll(async () => {
  await browser?.close();
});

/** Logs the member in on the login page; a failure keeps a screenshot and says what the page showed. */
async function logIn(page: Page) {
  // The login page is prerendered: this file tests the reserves, so it types once React has taken the form over
  // (typing before that is prerender.e2e.ts's case).
  await page.waitForFunction(() => {
    const submit = document.querySelector('[data-testid="login-submit"]');
    return submit !== null && Object.keys(submit).some((k) => k.startsWith('__reactFiber'));
  });
  try {
    await logInThroughPage(page, member.userid, member.password);
  } catch (error) {
    await screenshot(page, 'reserves-login-failed');
    throw new Error(`login failed at ${page.url()}: ${await page.locator('body').textContent()}`, {
      cause: error,
    });
  }
}

/** The member's page, opened from the Me tab's menu. */
async function openReserves(): Promise<Page> {
  const page = await openApp(browser);
  await logIn(page);
  await page.goto(page.url().replace(/#.*$/, '#/pages/personal/personal'));
  await page.getByTestId('me-menu-reserves').click();
  await chooseSnapshot(page);
  return page;
}

/**
 * Shows this file's snapshot: the page opens on the newest, and the server's daily job may have published another
 * during the run. The chips are there only when there is more than one snapshot.
 */
async function chooseSnapshot(page: Page) {
  await page.getByTestId('reserves-evidence').waitFor();
  const chip = page.getByTestId(`reserves-snapshots-${snapshotId}`);
  if ((await chip.count()) > 0) await chip.click();
  await page.getByTestId('reserves-mine').waitFor();
}

async function verifyOnPage(page: Page) {
  await page.getByTestId('reserves-verify-run').click();
  await page.getByTestId('reserves-verdict').waitFor({ timeout: 30_000 });
}

const checkState = (page: Page, key: string) =>
  page.getByTestId(`reserves-check-${key}`).getAttribute('data-state');

/** `npm run verify-proof -- <file>`: the standalone verifier, no server. */
function verifyProofCli(file: string) {
  return spawnSync('npm', ['run', '--silent', 'verify-proof', '--', file], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
}

describe('a member checks the proof of reserves', () => {
  it('sees their balance at the block, and every check passes in the browser', async () => {
    const page = await openReserves();
    await expectText(page.getByTestId('reserves-mine'), /Your balances at block \d+/);
    await expectText(page.getByTestId('reserves-mine-funds'), '25.50 USDT');
    await expectText(page.getByTestId('reserves-ratio'), /%|Nothing owed/);
    await verifyOnPage(page);
    const failures = (await page.getByTestId('reserves-checks').textContent()) ?? '';
    for (const key of ['inclusion', 'anchor', 'signature'])
      expect(await checkState(page, key), failures).toBe('passed');
    expect(await page.getByTestId('reserves-verdict').getAttribute('data-state')).toBe('passed');
    await screenshot(page, 'reserves-verified');
    await page.context().close();
  });

  it('downloads the proof; the standalone verifier accepts it and refuses an edited copy', async () => {
    const page = await openReserves();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('reserves-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`proof-${snapshotId}.json`);
    const file = path.join(inject('artifacts'), download.suggestedFilename());
    await download.saveAs(file);
    await page.context().close();

    const accepted = verifyProofCli(file);
    expect(accepted.status, accepted.stdout + accepted.stderr).toBe(0);
    const proof = JSON.parse(readFileSync(file, 'utf8')) as ReserveProof;
    expect(proof.snapshot.id).toBe(snapshotId);
    // One more unit in the member's funds column: the leaf no longer leads to the root.
    const edited = structuredClone(proof);
    const funds = proof.snapshot.columns.indexOf('funds');
    edited.leaf.amounts[funds] = String(BigInt(proof.leaf.amounts[funds] ?? '0') + 1n);
    const editedFile = path.join(inject('artifacts'), `proof-${snapshotId}-edited.json`);
    writeFileSync(editedFile, JSON.stringify(edited, null, 2));
    const refused = verifyProofCli(editedFile);
    expect(refused.status, refused.stdout + refused.stderr).toBe(1);
  });
});

/**
 * A server that shows this member a tree of its own making: the member's balance raised by 1,000 USDT and every hash
 * up the path recomputed, so the proof is consistent with the root shown. Only the chain can tell: the root the
 * platform anchored is another one.
 */
function forgedProof(proof: ReserveProof): ReserveProof {
  const forged = structuredClone(proof);
  forged.leaf.amounts[0] = String(BigInt(forged.leaf.amounts[0] ?? '0') + 1_000_000_000n);
  const { root } = verifyProof(forged);
  if (!root) throw new Error('the forged proof does not fold');
  forged.snapshot.root = { hash: root.hash, sums: root.sums.map(String) };
  return forged;
}

/** Answers the call with the server's real answer changed by `change`. */
async function rewrite(route: Route, change: (data: Record<string, unknown>) => unknown) {
  const response = await route.fetch();
  const body = (await response.json()) as { data: Record<string, unknown> };
  await route.fulfill({ response, json: { ...body, data: change(body.data) } });
}

describe('a tampered root shown by the server', () => {
  it('is flagged by the browser: the anchor on chain holds another root', async () => {
    const token = await apiLogin(member.userid, member.password);
    const real = await api<ReserveProof>('Reserves/proof', { snapshot_id: snapshotId }, token);
    expect(real.status, real.msg).toBe(1);
    const forged = forgedProof(real.data);
    const { root } = forged.snapshot;
    const page = await openApp(browser);
    await page.route('**/api/Reserves/proof', (route) =>
      rewrite(route, (data) => (route.request().postDataJSON().snapshot_id === snapshotId ? forged : data)),
    );
    await page.route('**/api/Reserves/list', (route) =>
      rewrite(route, (data) => ({
        list: (data.list as { id: string }[]).map((s) =>
          s.id === snapshotId
            ? { ...s, root, total: root.sums.reduce((t, v) => t + BigInt(v), 0n).toString() }
            : s,
        ),
      })),
    );
    await logIn(page);
    await page.goto(page.url().replace(/#.*$/, '#/pages/Wallet/Wallet'));
    await page.getByTestId('wallet-reserves').click();
    await chooseSnapshot(page);
    await expectText(page.getByTestId(`reserves-mine-${forged.snapshot.columns[0]}`), '1,000.00 USDT');
    await verifyOnPage(page);
    // The proof is consistent with the root shown: only the chain (and the hot wallet's signature) tells.
    expect(await checkState(page, 'inclusion')).toBe('passed');
    expect(await checkState(page, 'anchor')).toBe('failed');
    await expectText(
      page.getByTestId('reserves-check-anchor'),
      'The root written on chain is not the root shown.',
    );
    expect(await checkState(page, 'signature')).toBe('failed');
    expect(await page.getByTestId('reserves-verdict').getAttribute('data-state')).toBe('failed');
    await screenshot(page, 'reserves-tampered');
    await page.context().close();
  });
});

describe('the admin', () => {
  it('sees the snapshot and takes one now', async () => {
    const desk = await openAdminPage(browser, '#/pages/admin/reserves');
    await expectText(desk.getByTestId(`admin-reserves-${snapshotId}-state`), 'Published', 20_000);
    // The new snapshot: the one the list did not have before.
    const before = new Set(
      (await adminApi<{ list: AdminSnapshot[] }>('Admin/reserves')).data.list.map((s) => s.id),
    );
    await desk.getByTestId('admin-reserves-now').click();
    const dialog = desk.locator('.adm-dialog');
    await expectText(dialog, 'Take a proof-of-reserves snapshot now?');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    let next = '';
    await expect
      .poll(async () => {
        const list = await adminApi<{ list: AdminSnapshot[] }>('Admin/reserves');
        next = list.data.list.find((s) => !before.has(s.id))?.id ?? '';
        return next;
      })
      .not.toBe('');
    await expectText(desk.getByTestId(`admin-reserves-${next}-state`), /Building|Published/, 20_000);
    await expectText(desk.getByTestId(`admin-reserves-${next}-state`), 'Published', 60_000);
    await screenshot(desk, 'reserves-admin');
    await desk.context().close();
  });
});
