import { getAnnouncement } from '@mp/contract/web';
import { api } from '../../lib/api.ts';

export const homeKeys = {
  announcements: ['home', 'announcements'] as const,
};

export function fetchAnnouncements(page: number, pagesize: number) {
  return api(getAnnouncement, { page, pagesize });
}
