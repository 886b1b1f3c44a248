import {
  type AdminRole,
  adminAdjustApprove,
  adminAdjustments,
  adminAuditLog,
  adminList,
  adminMyRole,
  adminSave,
} from '@mp/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

export type AuditFilter = { actor?: string; action?: string; target?: string; from?: string; to?: string };

export const securityKeys = {
  myRole: ['admin', 'my-role'] as const,
  admins: ['admin', 'admins'] as const,
  audit: (filter: AuditFilter) => ['admin', 'audit', filter] as const,
  adjustments: (status: string) => ['admin', 'adjustments', status] as const,
};

/** The caller's admin role and two-factor state; quiet: the server is the authority, the menu only follows it. */
export const myRoleQuery = () =>
  queryOptions({
    queryKey: securityKeys.myRole,
    queryFn: () => api(adminMyRole, {}, { quiet: true }),
    staleTime: 60_000,
    retry: false,
  });

export const fetchAdmins = (page: number, pagesize: number) => api(adminList, { page, pagesize });

export const saveAdmin = (userid: string, role: AdminRole | '', totp: string) =>
  apiEnvelope(adminSave, { userid, role, ...(totp ? { totp } : {}) });

export const fetchAudit = (filter: AuditFilter, page: number, pagesize: number) =>
  api(adminAuditLog, { page, pagesize, ...filter });

export const fetchAdjustments = (status: 'pending' | 'posted' | 'rejected', page: number, pagesize: number) =>
  api(adminAdjustments, { page, pagesize, status });

export const decideAdjustment = (id: string, action: 'approve' | 'reject', totp: string) =>
  apiEnvelope(adminAdjustApprove, { id, action, ...(totp ? { totp } : {}) });
