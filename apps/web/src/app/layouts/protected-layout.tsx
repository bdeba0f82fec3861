import { lazy, Suspense, useCallback, useDeferredValue, useState, type ReactNode } from 'react';
import { AppShell, Group, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { OfflineScreen } from '../../components/offline-screen';
import { useAuth } from '../../lib/auth/use-auth';
import { LiveProvider } from '../../features/live/components/live-provider';
import { useCurrentWorkspace } from '../../hooks/use-current-workspace';
import {
  WORKSPACE_RAIL_WIDTH,
  WorkspaceRail,
} from '../../features/workspaces/components/workspace-rail';
import { WORKSPACE_SIDE_PANEL_WIDTH, WorkspaceSidePanel } from './workspace-side-panel';
import { ko } from '../../i18n/ko';
import { routes, sidePanelPaths } from '../../config/paths';
import { TopBar } from './top-bar';
import { useFirstScreenDone } from '../../lib/first-screen-gate';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { useAfterFirstCommit } from '../../lib/use-after-first-commit';
import { ChatRoomsLiveSync } from '../../features/chat/components/chat-rooms-live-sync';
import { useRememberPlaces } from '../../features/search/hooks/use-remember-places';
import { inviteCodeFromPath } from '../../lib/pending-invite';

// The features' live handlers (and the query helpers of board, kanban and schedules they bring)
// load once the first screen is up, just before the live connection starts.
const LiveHandlers = lazy(() =>
  import('../live-handlers').then((m) => ({ default: m.LiveHandlers })),
);
// The after-login profile prompt loads only for an account that has it pending.
const ProfilePrompt = lazy(() =>
  import('../../features/users/components/profile-prompt').then((m) => ({
    default: m.ProfilePrompt,
  })),
);

/**
 * Offers the profile prompt (issue 41) while the server says it is pending, but never over an
 * invite being followed (/ws/{code}: its join and password dialog come first; the prompt follows
 * on the workspace it lands on) nor on the profile editor itself. Once open it stays until saved
 * or skipped: a photo chosen in it already ends "pending" on the server.
 */
function ProfilePromptSlot() {
  const { user } = useAuth();
  const location = useLocation();
  const [phase, setPhase] = useState<'waiting' | 'open' | 'done'>('waiting');
  const wanted =
    user?.profilePromptPending === true &&
    inviteCodeFromPath(location.pathname) === null &&
    !matchPath(routes.profileEdit.path, location.pathname);
  // Set while rendering (React's pattern for state following a prop), not in an effect.
  if (phase === 'waiting' && wanted) setPhase('open');
  if (phase !== 'open' || !user) return null;
  return (
    <Suspense fallback={null}>
      <ProfilePrompt user={user} onDone={() => setPhase('done')} />
    </Suspense>
  );
}

/**
 * The navigation column (workspace rail, and the side panel on its paths): rendered in a pass of
 * its own after the top bar and the page, inside the navbar whose width the app shell has already
 * laid out, so the page's first paint does not wait for it and nothing shifts when it comes.
 */
function FrameNav({ showSidePanel }: { showSidePanel: boolean }) {
  const ready = useAfterFirstCommit();
  if (!ready) return null;
  return (
    <Group gap={0} wrap="nowrap" align="stretch" h="100%">
      <WorkspaceRail />
      {showSidePanel && <WorkspaceSidePanel />}
    </Group>
  );
}

/**
 * The logged-in app's one live connection (chat, unread badges, team content refreshes), started
 * once the first screen is up (lib/first-screen-gate) and the features' handlers listen. Its state
 * is its own: when the gate opens or the handlers start listening, only this renders again, not
 * the frame and page it wraps (`children` is the same element).
 */
function LiveFrame({ children }: { children: ReactNode }) {
  const firstScreenDone = useFirstScreenDone();
  const [handlersListening, setHandlersListening] = useState(false);
  const startLive = useCallback(() => setHandlersListening(true), []);
  return (
    <LiveProvider start={handlersListening}>
      {firstScreenDone && (
        <Suspense fallback={null}>
          <LiveHandlers onListening={startLive} />
        </Suspense>
      )}
      {children}
    </LiveProvider>
  );
}

/**
 * The frame of every logged-in page (spec 01 section 2). Anyone not logged in goes to /login
 * with the origin path in router state (`from`); while the session is checked a text shows, and
 * when the server cannot be reached to check it, the offline screen.
 */
export function ProtectedLayout() {
  // The frame and its page first render as a deferred update once the session is known: React
  // renders it in short slices (a transition) instead of one long task, the session loader staying
  // up meanwhile. A first render with the session already known is deferred as well.
  const auth = useAuth();
  const status = useDeferredValue(auth.status, 'loading');
  const location = useLocation();

  if (status === 'loading') return <FullPageLoader text={ko.common.sessionLoading} />;
  // Offline, or the server down: the session is kept and asked for again (decision 0043).
  if (status === 'unreachable') return <OfflineScreen onRetry={auth.retrySession} />;
  if (status === 'anonymous') {
    return (
      <Navigate
        to={routes.login.href()}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }
  return (
    <LiveFrame>
      <Frame />
    </LiveFrame>
  );
}

/** The app shell: top bar, navigation column and the page. */
function Frame() {
  const current = useCurrentWorkspace();
  const location = useLocation();
  useRememberPlaces();
  // The small-screen navigation drawer belongs to the page it was opened on: navigating closes it.
  const [navOpenedAt, setNavOpenedAt] = useState<string | null>(null);
  const navOpened = navOpenedAt === location.pathname;
  // On a small screen the navigation is a drawer, closed at first: its rail and side panel render
  // when it first opens, not with the page's first paint.
  const navAlwaysShown = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const renderNav = useOpenedOnce(navAlwaysShown || navOpened);

  // The side panel belongs to a workspace: none for an address naming no workspace of the user's.
  const showSidePanel =
    sidePanelPaths.some((path) => matchPath(path, location.pathname)) &&
    (current.isLoading || current.workspace !== undefined);
  const navbarWidth = WORKSPACE_RAIL_WIDTH + (showSidePanel ? WORKSPACE_SIDE_PANEL_WIDTH : 0);

  return (
    // The confirm dialogs of @mantine/modals are provided by the account settings page, which
    // alone opens them.
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: navbarWidth, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      {showSidePanel && <ChatRoomsLiveSync workspaceId={current.workspace?.id} />}
      <ProfilePromptSlot />
      <AppShell.Header>
        <TopBar
          navOpened={navOpened}
          onToggleNav={() => setNavOpenedAt(navOpened ? null : location.pathname)}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        {/* SLOT (workspaces feature): the workspace rail, and the side panel on its paths. */}
        {renderNav && <FrameNav showSidePanel={showSidePanel} />}
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Suspense fallback={<FullPageLoader text={ko.common.loading} height="50vh" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
