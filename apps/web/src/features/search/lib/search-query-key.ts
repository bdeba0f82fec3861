// Apart from api/search, whose endpoint import brings zod's schemas: the search box's live sync
// is on the signed-in first screen, which loads without zod.

/** Every search's cached pages (each is `[...searchQueryKey, workspaceId, q, kind, filters]`). */
export const searchQueryKey = ['search'] as const;
