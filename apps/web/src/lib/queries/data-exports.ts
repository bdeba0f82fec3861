/**
 * The key of the caller's data exports (GET /users/me/exports, issue 46). Its list and personal
 * export live in the users feature (the "내 데이터 내보내기" page); a workspace export, asked for
 * in the workspace settings, refreshes the same list, so the key is shared.
 */
export const dataExportsQueryKey = ['users', 'me', 'exports'] as const;
