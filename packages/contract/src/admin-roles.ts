/**
 * Admin roles and what each may call (DESIGN.md section 3): least privilege, one table. `owner` may call every
 * admin call; the others only what their row lists. The server checks it in one place (http/register.ts) and the
 * web hides what a role cannot use. A contract test fails when an admin call has no row here.
 */
export const ADMIN_ROLES = ['owner', 'finance', 'support', 'content', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * Two-person approval: a withdrawal or balance adjustment worth more than this (USDT; setting
 * `two_person_threshold_usdt`) needs a second finance or owner admin.
 */
export const DEFAULT_TWO_PERSON_THRESHOLD_USDT = '10000';

/** Roles that may approve money a second time (two-person approval). */
export const SECOND_APPROVER_ROLES: readonly AdminRole[] = ['owner', 'finance'];

type Granted = readonly Exclude<AdminRole, 'owner'>[];
const READ: Granted = ['finance', 'support', 'content', 'viewer'];
const FINANCE: Granted = ['finance'];
const FINANCE_READ: Granted = ['finance', 'viewer'];
const SUPPORT: Granted = ['support'];
const SUPPORT_READ: Granted = ['support', 'viewer'];
const CONTENT: Granted = ['content'];
const CONTENT_READ: Granted = ['content', 'viewer'];
const OWNER_ONLY: Granted = [];

/** Every admin call name -> the roles (besides owner) allowed to call it. */
export const ADMIN_CALL_ROLES: Record<string, Granted> = {
  // Read-only overviews: every admin role.
  'Admin/dashboard': READ,
  'Admin/auditlog': READ,
  'Admin/memlist': READ,
  'Admin/memberdetail': READ,
  // Money: finance.
  'Admin/wdlist': FINANCE_READ,
  'Admin/AdminApprovewd': FINANCE,
  'Admin/wdmanualpaid': FINANCE,
  'Admin/payoutsettings': FINANCE_READ,
  'Admin/payoutsettingssave': OWNER_ONLY,
  'Admin/adjustbalance': FINANCE,
  'Admin/adjustments': FINANCE_READ,
  'Admin/adjustapprove': FINANCE,
  'Admin/ledgerhealth': FINANCE_READ,
  'Admin/chaininfo': FINANCE_READ,
  'Admin/airdropcampaign': FINANCE,
  'Admin/airdropcampaigns': FINANCE_READ,
  'Admin/copysettle': FINANCE,
  'Admin/copyinvestments': FINANCE_READ,
  'Admin/voucherissue': FINANCE,
  'Admin/setexchangerate': FINANCE,
  // Proof of reserves (issue 31): the snapshots' figures are money figures; taking one is finance's.
  'Admin/reserves': FINANCE_READ,
  'Admin/reservesnow': FINANCE,
  'Admin/unbindaddress': FINANCE,
  // Members, identities, enquiries, the outbox: support.
  'Admin/memberstatus': SUPPORT,
  'Admin/kyclist': SUPPORT_READ,
  'Admin/kycdetail': SUPPORT_READ,
  'Admin/kycreview': SUPPORT,
  'Admin/enquirylist': SUPPORT_READ,
  'Admin/enquiryreply': SUPPORT,
  'Admin/enquiryclose': SUPPORT,
  'Admin/outbox': SUPPORT,
  'Admin/securityevents': SUPPORT_READ,
  'Admin/shoporders': ['support', 'content', 'viewer'],
  'Admin/shoporderupdate': SUPPORT,
  // News, content, products, media: content.
  'Admin/newssave': CONTENT,
  'Admin/contentlist': CONTENT_READ,
  'Admin/contentdetail': CONTENT_READ,
  'Admin/contentdelete': CONTENT,
  'Admin/productlist': CONTENT_READ,
  'Admin/productsave': CONTENT,
  'Admin/upload': CONTENT,
  // Plans, packages, markets, traders, jobs: the business's settings.
  'Admin/plan': READ,
  'Admin/planpreview': READ,
  'Admin/plansave': OWNER_ONLY,
  'Admin/packagelist': READ,
  'Admin/packagesave': OWNER_ONLY,
  'Admin/copypackages': FINANCE_READ,
  'Admin/copypackagesave': OWNER_ONLY,
  'Admin/gamesettings': OWNER_ONLY,
  'Admin/marketsettings': OWNER_ONLY,
  'Admin/traders': FINANCE_READ,
  'Admin/traderdecide': FINANCE,
  'Admin/tradercompany': OWNER_ONLY,
  'Admin/bots': FINANCE_READ,
  'Admin/jobruns': FINANCE_READ,
  'Admin/runjob': OWNER_ONLY,
  // Credentials and admins: owner only.
  'Admin/setmemberpassword': OWNER_ONLY,
  'Admin/adminlist': OWNER_ONLY,
  'Admin/adminsave': OWNER_ONLY,
};

const byLowerName = new Map(
  Object.entries(ADMIN_CALL_ROLES).map(([name, roles]) => [name.toLowerCase(), roles]),
);

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** May an admin of this role make this admin call? No role (not an admin, or not yet enrolled): no. */
export function adminAllowed(callName: string, adminRole: AdminRole | null | undefined): boolean {
  if (!adminRole) return false;
  if (adminRole === 'owner') return true;
  return byLowerName.get(callName.toLowerCase())?.includes(adminRole) ?? false;
}
