import { useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { Workspace } from '@teamup/contracts/workspaces';
import { routes } from '../../../config/paths';
import { FullPageLoader } from '../../../components/full-page-loader';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { hasCode } from '../../../lib/error-message';
import { useInvitePreview } from '../api/invite-preview';
import { useJoinWorkspace } from '../api/join-workspace';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';
import { useOpenWorkspace } from '../hooks/use-open-workspace';
import { joinErrorMessage, needsPassword } from '../lib/join-error';
import { takePendingInvite } from '../../../lib/pending-invite';
import { InvitePasswordDialog } from './invite-password-dialog';

interface InviteJoinProps {
  code: string;
  /** The user's workspaces, for the way out when the join fails. */
  workspaces: readonly Workspace[];
}

/**
 * /ws/{inviteCode} for a workspace the user is not in yet: previews the invite, asks for the
 * password when the workspace has one, and joins. On success the user lands on /ws/{id}; on
 * failure the reason shows as a notification and the user goes to the first workspace or /.
 */
export function InviteJoin({ code, workspaces }: InviteJoinProps) {
  const preview = useInvitePreview(code);
  const join = useJoinWorkspace();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openWorkspace = useOpenWorkspace();
  const [passwordError, setPasswordError] = useState<string | null>(null);
  // Effects run twice in development; the join is attempted once per code.
  const attempted = useRef<string | null>(null);
  const fallbackId = workspaces[0]?.id;

  const leave = (error: unknown) => {
    notifications.show({ color: 'red', message: joinErrorMessage(error) });
    void navigate(
      fallbackId === undefined ? routes.home.href() : routes.workspace.href(fallbackId),
      { replace: true },
    );
  };
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  });

  const attemptJoin = async (password?: string) => {
    try {
      const workspace = await join.mutateAsync({ inviteCode: code, password });
      notifications.show({ color: 'teal', message: workspacesKo.join.joined(workspace.name) });
      openWorkspace(workspace.id, { replace: true });
    } catch (error) {
      if (needsPassword(error)) {
        setPasswordError(workspacesKo.join.passwordRequired);
      } else if (hasCode(error, ErrorCode.WORKSPACE_PASSWORD_WRONG)) {
        setPasswordError(workspacesKo.join.passwordWrong);
      } else {
        leaveRef.current(error);
      }
    }
  };
  const attemptRef = useRef(attemptJoin);
  useEffect(() => {
    attemptRef.current = attemptJoin;
  });

  // The invite is being followed now: nothing is left pending for a later social login.
  useEffect(() => {
    takePendingInvite();
  }, []);

  const data = preview.data;
  useEffect(() => {
    if (!data || attempted.current === code) return;
    if (data.alreadyMember) {
      attempted.current = code;
      void queryClient
        .invalidateQueries({ queryKey: workspacesQueryKey })
        .then(() => openWorkspace(data.id, { replace: true }));
      return;
    }
    if (data.passwordProtected) return; // the dialog below asks first
    attempted.current = code;
    void attemptRef.current();
  }, [data, code, queryClient, openWorkspace]);

  useEffect(() => {
    if (preview.error) leaveRef.current(preview.error);
  }, [preview.error]);

  const asksPassword = Boolean(data && data.passwordProtected && !data.alreadyMember);
  return (
    <>
      <FullPageLoader text={workspacesKo.joining} height="50vh" />
      {data && asksPassword && (
        <InvitePasswordDialog
          preview={data}
          opened
          busy={join.isPending}
          error={passwordError}
          onSubmit={(password) => {
            setPasswordError(null);
            void attemptJoin(password);
          }}
          onCancel={() =>
            void navigate(
              fallbackId === undefined ? routes.home.href() : routes.workspace.href(fallbackId),
              { replace: true },
            )
          }
        />
      )}
    </>
  );
}
