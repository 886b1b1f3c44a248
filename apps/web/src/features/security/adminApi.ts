import type { ResponseOf } from '@mp/contract';
import { adminSecurityEvents, SECURITY_EVENT_KINDS } from '@mp/contract/web';
import { api } from '../../lib/api.ts';

export type SecurityEvent = ResponseOf<typeof adminSecurityEvents>['list'][number];
export type SecurityEventFilter = { userid?: string; kind?: string; from?: string; to?: string };

/** The kinds an admin can filter by; `lockout` is every lockout. */
export const SECURITY_EVENT_FILTER_KINDS = ['lockout', ...SECURITY_EVENT_KINDS] as const;

export const securityEventKeys = {
  list: (filter: SecurityEventFilter) => ['admin', 'security-events', filter] as const,
};

export function fetchSecurityEventsPage(filter: SecurityEventFilter, page: number, pagesize: number) {
  return api(adminSecurityEvents, { ...filter, page, pagesize });
}
