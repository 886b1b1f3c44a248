/** The network screens' routes (declared in app/pages.ts). */
export const NETWORK_PATHS = {
  tree: '/pages/personal/tree',
  team: '/pages/personal/MyTeam2',
  affiliates: '/pages/personal/MyAffiliates',
  unit: '/pages/personal/MyUnit',
  invite: '/pages/personal/InviteFriend',
} as const;

/** The placement tree shown from one member. */
export const treePathOf = (userid: string) => `${NETWORK_PATHS.tree}?userid=${encodeURIComponent(userid)}`;

/** Sign-up for a new member placed under `parent` on `side`, with the member as sponsor (the register page reads these). */
export function registerHere(sponsor: string, parent: string, side: 'L' | 'R'): string {
  const query = new URLSearchParams({ sponsor, placement: parent, side });
  return `/pages/register/register?${query.toString()}`;
}
