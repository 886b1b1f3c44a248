import { describe, expect, it } from 'vitest';
import { ADMIN_CALL_ROLES, ADMIN_ROLES, adminAllowed } from './admin-roles.ts';
import { CALLS } from './catalogue.ts';

describe('admin roles (least privilege)', () => {
  it('names the roles allowed for every admin call', () => {
    const missing = CALLS.filter((c) => c.auth === 'admin' && !(c.name in ADMIN_CALL_ROLES)).map(
      (c) => c.name,
    );
    expect(missing).toEqual([]);
  });

  it('lets an owner call everything and nobody without a role anything', () => {
    for (const call of CALLS.filter((c) => c.auth === 'admin')) {
      expect(adminAllowed(call.name, 'owner')).toBe(true);
      expect(adminAllowed(call.name, null)).toBe(false);
    }
  });

  it('keeps money with finance, credentials and admins with the owner, and viewers read-only', () => {
    expect(adminAllowed('Admin/AdminApprovewd', 'finance')).toBe(true);
    expect(adminAllowed('admin/adminapprovewd', 'content')).toBe(false);
    expect(adminAllowed('Admin/adjustbalance', 'viewer')).toBe(false);
    expect(adminAllowed('Admin/wdlist', 'viewer')).toBe(true);
    expect(adminAllowed('Admin/setmemberpassword', 'support')).toBe(false);
    expect(adminAllowed('Admin/adminsave', 'finance')).toBe(false);
    expect(adminAllowed('Admin/newssave', 'content')).toBe(true);
    expect(adminAllowed('Admin/kycreview', 'support')).toBe(true);
    const viewerWrites = CALLS.filter(
      (c) =>
        c.auth === 'admin' &&
        adminAllowed(c.name, 'viewer') &&
        !/list|detail|dashboard|log|health|info|^Admin\/(plan|planpreview|traders|bots|shoporders|jobruns|copypackages|copyinvestments|airdropcampaigns|adjustments|securityevents|payoutsettings|reserves)$/i.test(
          c.name,
        ),
    ).map((c) => c.name);
    expect(viewerWrites).toEqual([]);
    expect(ADMIN_ROLES).toEqual(['owner', 'finance', 'support', 'content', 'viewer']);
  });
});
