/** The query parameter holding the open post of the bulletin tab (`?tab=bulletin&post=12`). */
export const POST_PARAM = 'post';
/** The comment of that post to show (`&comment=34`: a search result led to it). */
export const COMMENT_PARAM = 'comment';

/** The post id the address names; null when absent or not a positive integer. */
export function parsePostParam(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
