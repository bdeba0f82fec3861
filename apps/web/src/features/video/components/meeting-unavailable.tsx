import { Button, Group } from '@mantine/core';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Link } from 'react-router';
import { routes } from '../../../config/paths';
import { videoKo } from '../../../i18n/ko/video';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, hasCode } from '../../../lib/error-message';
import { TeamStateMessage } from '../../../components/team-state-message';

const t = videoKo.unavailable;

/** A room that is gone (deleted, or an old link): the same 404 the server gives for it. */
function isGone(error: unknown) {
  return (
    hasCode(error, ErrorCode.VIDEO_CHANNEL_NOT_FOUND) ||
    (error instanceof ApiError && error.status === 404)
  );
}

/**
 * Why a meeting cannot be shown, as the same card as a missing team or chat room: a stale link
 * or a deleted room gives the server's reason with the way back; any other failure (network,
 * media server) its reason with a retry.
 */
export function MeetingUnavailable({
  workspaceId,
  failure,
  invalidLink = false,
  onRetry,
}: {
  workspaceId: number | null;
  /** What joining failed with; ignored for an invalid link. */
  failure?: unknown;
  /** The address has no usable room id. */
  invalidLink?: boolean;
  onRetry?: () => void;
}) {
  const gone = invalidLink || isGone(failure);
  const reason = invalidLink
    ? t.invalidLink
    : errorMessage(failure, { fallback: videoKo.joinFailed });
  const back =
    workspaceId !== null ? (
      <Button
        component={Link}
        to={routes.workspace.href(workspaceId)}
        variant={gone ? 'light' : 'default'}
        data-testid="meeting-unavailable-back"
      >
        {videoKo.backToWorkspace}
      </Button>
    ) : null;
  return (
    <TeamStateMessage
      testId="meeting-unavailable"
      title={gone ? reason : videoKo.joinFailed}
      hint={gone ? t.goneHint : reason === videoKo.joinFailed ? t.retryHint : reason}
      action={
        <Group justify="center" gap="sm">
          {!gone && onRetry && (
            <Button variant="light" onClick={onRetry} data-testid="meeting-unavailable-retry">
              {t.retry}
            </Button>
          )}
          {back}
        </Group>
      }
    />
  );
}
