import { useEffect } from 'react';
import { ApiError } from '../lib/api-error';
import { usePublicInvitePreview } from '../lib/queries/public-invite-preview';
import { rememberPendingInvite } from '../lib/pending-invite';

/**
 * The invite a login or sign-up page carries (from its query or the address the visitor came
 * for): its public preview, whether the server refused the code, and the code to pass on (null
 * once refused). The code is also kept for the tab's session, so a social login's round trip
 * keeps it; a page without an invite clears what an earlier one left.
 */
export function useAuthPageInvite(candidate: string | null) {
  const preview = usePublicInvitePreview(candidate);
  const invalid =
    preview.isError &&
    preview.error instanceof ApiError &&
    (preview.error.status === 404 || preview.error.status === 400);
  const code = candidate && !invalid ? candidate : null;
  useEffect(() => rememberPendingInvite(code), [code]);
  return { candidate, code, preview, invalid };
}
