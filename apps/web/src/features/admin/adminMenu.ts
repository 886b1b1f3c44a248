import { type AdminRole, adminAllowed } from '@mp/contract/web';

/** The call each admin page needs first: the menu shows a page only to roles that may make it (admin-roles.ts). */
const PAGE_CALLS: Record<string, string> = {
  wd: 'Admin/wdlist',
  kyc: 'Admin/kyclist',
  member: 'Admin/memlist',
  search: 'Admin/memlist',
  plan: 'Admin/plan',
  adjust: 'Admin/adjustbalance',
  adjustments: 'Admin/adjustments',
  ledger: 'Admin/ledgerhealth',
  rate: 'Admin/setexchangerate',
  airdrop: 'Admin/airdropcampaigns',
  unbind: 'Admin/unbindaddress',
  security: 'Admin/securityevents',
  mining: 'Admin/packagelist',
  content: 'Admin/contentlist',
  enquiries: 'Admin/enquirylist',
  game: 'Admin/gamesettings',
  market: 'Admin/marketsettings',
  bots: 'Admin/bots',
  traders: 'Admin/traders',
  copy: 'Admin/copypackages',
  chain: 'Admin/chaininfo',
  reserves: 'Admin/reserves',
  payouts: 'Admin/payoutsettings',
  shop: 'Admin/productlist',
  admins: 'Admin/adminlist',
  audit: 'Admin/auditlog',
};

/** Whether the admin menu shows this page to a role; unknown role (not loaded yet): shown, the server decides. */
export function menuShows(path: string, role: AdminRole | '' | undefined): boolean {
  if (role === undefined) return true;
  const call = PAGE_CALLS[path.split('/').pop() ?? ''];
  return call ? adminAllowed(call, role || null) : role === 'owner';
}
