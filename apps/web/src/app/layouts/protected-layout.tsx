import { Suspense, useState } from 'react';
import { AppShell, Group } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { useAuth } from '../../lib/auth/use-auth';
import { LiveProvider } from '../../features/live/components/live-provider';
import { LiveHandlers } from '../live-handlers';
import { useCurrentWorkspace } from '../../hooks/use-current-workspace';
import {
  WORKSPACE_RAIL_WIDTH,
  WorkspaceRail,
} from '../../features/workspaces/components/workspace-rail';
import { WORKSPACE_SIDE_PANEL_WIDTH, WorkspaceSidePanel } from './workspace-side-panel';
import { ko } from '../../i18n/ko';
import { routes, sidePanelPaths } from '../../config/paths';
import { TopBar } from './top-bar';

/**
 * The frame of every logged-in page (spec 01 section 2). Anyone not logged in goes to /login
 * with the origin path in router state (`from`); while the session is checked a text shows.
 */
export function ProtectedLayout() {
  const { status } = useAuth();
  const current = useCurrentWorkspace();
  const location = useLocation();
  // The small-screen navigation drawer belongs to the page it was opened on: navigating closes it.
  const [navOpenedAt, setNavOpenedAt] = useState<string | null>(null);
  const navOpened = navOpenedAt === location.pathname;

  if (status === 'loading') return <FullPageLoader text={ko.common.sessionLoading} />;
  if (status === 'anonymous') {
    return (
      <Navigate
        to={routes.login.href()}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }

  // The side panel belongs to a workspace: none for an address naming no workspace of the user's.
  const showSidePanel =
    sidePanelPaths.some((path) => matchPath(path, location.pathname)) &&
    (current.isLoading || current.workspace !== undefined);
  const navbarWidth = WORKSPACE_RAIL_WIDTH + (showSidePanel ? WORKSPACE_SIDE_PANEL_WIDTH : 0);

  return (
    // One live connection for the logged-in app (chat, unread badges, team content refreshes);
    // the confirm dialogs of @mantine/modals, which only logged-in pages open.
    <ModalsProvider
      labels={{ confirm: ko.common.confirm, cancel: ko.common.cancel }}
      modalProps={{ centered: true }}
    >
      <LiveProvider>
        <LiveHandlers />
        <AppShell
          header={{ height: 60 }}
          navbar={{ width: navbarWidth, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
          padding={{ base: 'sm', sm: 'lg' }}
        >
          <AppShell.Header>
            <TopBar
              navOpened={navOpened}
              onToggleNav={() => setNavOpenedAt(navOpened ? null : location.pathname)}
            />
          </AppShell.Header>
          <AppShell.Navbar>
            {/* SLOT (workspaces feature): the workspace rail, and the side panel on its paths. */}
            <Group gap={0} wrap="nowrap" align="stretch" h="100%">
              <WorkspaceRail />
              {showSidePanel && <WorkspaceSidePanel />}
            </Group>
          </AppShell.Navbar>
          <AppShell.Main bg="var(--mantine-color-gray-0)">
            <Suspense fallback={<FullPageLoader text={ko.common.loading} height="50vh" />}>
              <Outlet />
            </Suspense>
          </AppShell.Main>
        </AppShell>
      </LiveProvider>
    </ModalsProvider>
  );
}
