import { lazy, Suspense } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { routes } from '../../../config/paths';
import { FullPageLoader } from '../../../components/full-page-loader';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { useMyWorkspaces } from '../../../lib/queries/my-workspaces';
import { useRemovalListener, useRemovalNotice } from '../hooks/use-removal-notice';
import {
  findWorkspace,
  isWorkspaceIdParam,
  replaceWorkspaceSegment,
} from '../../../lib/match-workspace';
import { WorkspaceNotFound } from './workspace-not-found';
import { WorkspaceRemoved } from './workspace-removed';

// Joining by invite code (its preview, password dialog) loads only for an invite address.
const InviteJoin = lazy(() => import('./invite-join').then((m) => ({ default: m.InviteJoin })));

/**
 * Wraps every /ws/:workspaceId route (spec 01 section 2, workspace route handling). A segment
 * naming one of the user's workspaces by id, invite code or link is normalised to /ws/{id};
 * any other non-numeric segment is an invite code to join; an unknown id shows a clear
 * not-found state instead of the page, or, for a workspace the user was just kicked or banned
 * from (live WORKSPACE_MEMBER_REMOVED), says so by name.
 */
export function WorkspaceRouteGuard() {
  const { workspaceId = '' } = useParams();
  const location = useLocation();
  const workspaces = useMyWorkspaces();
  useRemovalListener();
  const removal = useRemovalNotice(isWorkspaceIdParam(workspaceId) ? Number(workspaceId) : null);

  if (workspaces.isPending) return <FullPageLoader text={workspacesKo.loading} height="50vh" />;
  if (workspaces.isError) {
    return (
      <Center mih="50vh">
        <Stack align="center" gap="sm">
          <Text c="red" role="alert">
            {workspacesKo.loadFailed}
          </Text>
          <Button variant="light" onClick={() => void workspaces.refetch()}>
            {workspacesKo.retry}
          </Button>
        </Stack>
      </Center>
    );
  }

  const workspace = findWorkspace(workspaces.data, workspaceId);
  if (workspace) {
    if (String(workspace.id) === workspaceId) return <Outlet />;
    const pathname = replaceWorkspaceSegment(
      location.pathname,
      routes.workspace.href(workspace.id),
    );
    return <Navigate to={`${pathname}${location.search}`} replace />;
  }
  if (isWorkspaceIdParam(workspaceId)) {
    // Just created or joined and the list is being fetched again: wait for it.
    if (workspaces.isFetching) {
      return <FullPageLoader text={workspacesKo.loading} height="50vh" />;
    }
    return removal ? <WorkspaceRemoved notice={removal} /> : <WorkspaceNotFound />;
  }
  return (
    <Suspense fallback={<FullPageLoader text={workspacesKo.loading} height="50vh" />}>
      <InviteJoin key={workspaceId} code={workspaceId} workspaces={workspaces.data} />
    </Suspense>
  );
}
