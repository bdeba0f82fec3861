import type { AdminUserStatus, AuditAction } from '@teamup/contracts/admin';

/** The admin page's queries, under one root: a change refreshes exactly the ones it touches. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  settings: ['admin', 'settings'] as const,
  users: ['admin', 'users'] as const,
  userList: (filters: AdminUserFilters, page: number) => ['admin', 'users', filters, page] as const,
  invitations: ['admin', 'invitations'] as const,
  audit: ['admin', 'audit'] as const,
  auditList: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
};

/** What the people list is narrowed by: part of a name or e-mail, and a status. */
export interface AdminUserFilters {
  q: string;
  status: AdminUserStatus;
}

/**
 * What the audit log (and its export) is narrowed by: part of an e-mail, a target or an address;
 * one action; days in Korea (YYYY-MM-DD, both included). '' and null narrow nothing.
 */
export interface AuditFilters {
  q: string;
  action: AuditAction | null;
  from: string;
  to: string;
}
