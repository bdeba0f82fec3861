import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminEndpoints, type AdminUser } from '@teamup/contracts/admin';
import type { Page } from '@teamup/contracts/common';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { adminQueryKeys, type AdminUserFilters } from './admin-query-keys';

export const ADMIN_USER_PAGE_SIZE = 20;

/** GET /admin/users: the people of the instance, newest first, by name or e-mail and status. */
export function adminUsersQueryOptions(filters: AdminUserFilters, page: number) {
  const q = filters.q.trim();
  return queryOptions({
    queryKey: adminQueryKeys.userList({ q, status: filters.status }, page),
    queryFn: ({ signal }) =>
      api.get<Page<AdminUser>>(pathOf(adminEndpoints.users), {
        query: { q: q || undefined, status: filters.status, page, size: ADMIN_USER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(filters: AdminUserFilters, page: number) {
  return useQuery(adminUsersQueryOptions(filters, page));
}
