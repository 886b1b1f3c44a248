// The home page's announcements, apart from api.ts: the home page is the first load, and api.ts would add
// every content call to it.
import { getAnnouncement } from '@mp/contract/web';
import { api } from '../../lib/api.ts';

export const homeKeys = {
  announcements: ['home', 'announcements'] as const,
};

export function fetchAnnouncements(page: number, pagesize: number) {
  return api(getAnnouncement, { page, pagesize });
}
