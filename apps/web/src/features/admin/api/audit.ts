import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { adminEndpoints, AuditLimits, type AuditPage } from '@teamup/contracts/admin';
import { pathOf } from '@teamup/contracts/path-of';
import { adminKo } from '../../../i18n/ko/admin';
import { api, apiFetch } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { auditFileDay } from '../lib/audit';
import { adminQueryKeys, type AuditFilters } from './admin-query-keys';

export const AUDIT_PAGE_SIZE = AuditLimits.pageDefault;

/** The filters as the query of GET /admin/audit and /admin/audit.jsonl: empty ones left out. */
export function auditFilterQuery(filters: AuditFilters) {
  return {
    q: filters.q.trim() || undefined,
    action: filters.action ?? undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/**
 * GET /admin/audit: the log, newest first, AUDIT_PAGE_SIZE entries a page; the next (older) page
 * is asked for with the last one's `nextBefore`, none after a null one.
 */
export function adminAuditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: adminQueryKeys.auditList(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditPage>(pathOf(adminEndpoints.audit), {
        query: { ...auditFilterQuery(filters), before: pageParam, size: AUDIT_PAGE_SIZE },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAdminAudit(filters: AuditFilters) {
  return useInfiniteQuery(adminAuditQueryOptions(filters));
}

/**
 * GET /admin/audit.jsonl with the session's token: every entry the filters match, as JSON lines,
 * saved as 감사로그-YYYYMMDD.jsonl (the day in Korea).
 */
export async function downloadAuditLog(filters: AuditFilters): Promise<void> {
  const response = await apiFetch(pathOf(adminEndpoints.auditExport), {
    query: auditFilterQuery(filters),
    accept: '*/*',
  });
  saveBlob(await response.blob(), adminKo.audit.fileName(auditFileDay()));
}

export function useExportAuditLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadAuditLog,
    // The export is itself logged: the list is read again to show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.audit }),
  });
}
