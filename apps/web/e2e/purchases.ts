import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { api } from './browser.ts';
import { PNG } from './kyc-steps.ts';
import { apiLogin, DEMO, type NewMember } from './members.ts';

type Package = { id: string; name: string; unit_price: string; settle_asset: string };

/** Submits the member's identity through the API (the three pictures as one PNG) and approves it as an admin. */
export async function approveKycByApi(member: NewMember, memberToken: string, adminToken: string) {
  const form = new FormData();
  form.set('country', 'MY');
  form.set('id_type', 'Passport');
  form.set('name', `E2E ${member.userid}`);
  form.set('id_number', `P${member.userid}`.slice(0, 20));
  for (const side of ['front', 'back', 'holding'])
    form.set(side, new Blob([PNG], { type: 'image/png' }), `${side}.png`);
  const res = await fetch(`${inject('baseUrl')}/api/Home/submitKYC`, {
    method: 'POST',
    headers: { authorization: `Bearer ${memberToken}` },
    body: form,
  });
  const sent = (await res.json()) as { status: number; msg: string };
  expect(sent.status, sent.msg).toBe(1);
  const queue = await api<{ list: { id: string; userid: string }[] }>(
    'Admin/kyclist',
    { status: 'pending', userid: member.userid, pagesize: 10 },
    adminToken,
  );
  const id = queue.data.list.find((k) => k.userid === member.userid)?.id;
  expect(id, `pending KYC of ${member.userid}`).toBeDefined();
  const review = await api('Admin/kycreview', { id, action: 'approve' }, adminToken);
  expect(review.status, review.msg).toBe(1);
}

/**
 * A paid mining purchase of `quantity` units of the demo package `packageName` (paid in USDT from the funds
 * wallet, which an admin credits first): the member's identity is verified first, as purchases need. Returns the
 * amount paid (the purchase's volume).
 */
export async function buyPackageByApi(
  member: NewMember,
  adminToken: string,
  quantity: number,
  packageName = 'BTC starter',
): Promise<string> {
  const token = await apiLogin(member.userid, member.password);
  await approveKycByApi(member, token, adminToken);
  const packages = await api<{ list: Package[] }>('Mining/allPackages', {}, token);
  expect(packages.status, packages.msg).toBe(1);
  const pkg = packages.data.list.find((p) => p.name === packageName);
  expect(pkg, `demo package ${packageName}`).toBeDefined();
  const price = (Number((pkg as Package).unit_price) * quantity).toFixed(6);
  const credit = await api(
    'Admin/adjustbalance',
    {
      userid: member.userid,
      wallet: 'funds',
      asset: 'USDT',
      amount: price,
      reason: 'e2e purchase',
      idempotency_key: randomUUID(),
    },
    adminToken,
  );
  expect(credit.status, credit.msg).toBe(1);
  const order = await api<{ paid: string; asset: string }>(
    'Asset/BuyProductSave',
    {
      package_id: (pkg as Package).id,
      quantity,
      wallet: 'funds',
      agree: true,
      tx_password: DEMO.txPassword,
      idempotency_key: randomUUID(),
    },
    token,
  );
  expect(order.status, order.msg).toBe(1);
  expect(order.data.asset).toBe('USDT');
  return order.data.paid;
}
