import type { AdminUserStatus } from '@teamup/contracts/admin';

/** The admin page's queries, under one root: a change refreshes exactly the ones it touches. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  settings: ['admin', 'settings'] as const,
  users: ['admin', 'users'] as const,
  userList: (filters: AdminUserFilters, page: number) => ['admin', 'users', filters, page] as const,
  invitations: ['admin', 'invitations'] as const,
};

/** What the people list is narrowed by: part of a name or e-mail, and a status. */
export interface AdminUserFilters {
  q: string;
  status: AdminUserStatus;
}
