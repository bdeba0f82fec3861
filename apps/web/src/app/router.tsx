import { lazy, Suspense } from 'react';
import { HashRouter, matchPath, Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { AuthLayout } from './layouts/auth-layout';
import { FullPageLoader } from '../components/full-page-loader';
import { routes } from '../config/paths';
import { ko } from '../i18n/ko';
import { preloadable } from './preloadable';

// Every page but the login page loads on first visit: the first screen stays small. The frame of
// the logged-in app (live connection, app shell, workspace rail) is a chunk of its own too. The
// first screen of a signed-in start (frame, workspace route, home) is asked for ahead of its
// render (preloadSignedInScreen) and then renders without waiting on Suspense.
const WorkspaceRouteGuard = preloadable(
  () => import('../features/workspaces/components/workspace-route-guard'),
  (m) => m.WorkspaceRouteGuard,
);
const WorkspaceHomePage = preloadable(
  () => import('./pages/workspace-home-page'),
  (m) => m.WorkspaceHomePage,
);
/** What the frame waits for before it first renders (the preloaded pages under it). */
let frameCompanions: Promise<unknown> = Promise.resolve();
const ProtectedLayout = preloadable(
  () => Promise.all([import('./layouts/protected-layout'), frameCompanions]).then(([m]) => m),
  (m) => m.ProtectedLayout,
);
const SignupPage = lazy(() =>
  import('../features/auth/pages/signup-page').then((m) => ({ default: m.SignupPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const OauthSuccessPage = lazy(() =>
  import('../features/auth/pages/oauth-success-page').then((m) => ({
    default: m.OauthSuccessPage,
  })),
);
const AccountSettingsPage = lazy(() =>
  import('../features/auth/pages/account-settings-page').then((m) => ({
    default: m.AccountSettingsPage,
  })),
);
const MyPage = lazy(() =>
  import('../features/users/pages/my-page').then((m) => ({ default: m.MyPage })),
);
const ProfileEditPage = lazy(() =>
  import('../features/users/pages/profile-edit-page').then((m) => ({
    default: m.ProfileEditPage,
  })),
);
const MyExportsPage = lazy(() =>
  import('../features/users/pages/my-exports-page').then((m) => ({
    default: m.MyExportsPage,
  })),
);
const UserProfilePage = lazy(() =>
  import('./pages/user-profile-route').then((m) => ({ default: m.UserProfileRoute })),
);
const InitialRedirectPage = lazy(() =>
  import('../features/workspaces/pages/initial-redirect-page').then((m) => ({
    default: m.InitialRedirectPage,
  })),
);
/**
 * For a signed-in start (stored tokens): fetches the chunks of the logged-in frame, and of the
 * workspace route and home when the address is a workspace home, at once and side by side,
 * instead of one after the other as each lazy level renders; the frame renders once all are
 * there. The session is checked meanwhile.
 */
export function preloadSignedInScreen(pathname: string): void {
  if (matchPath(routes.workspace.path, pathname)) {
    // A chunk that fails here is asked for again as its page renders (and fails there, visibly).
    frameCompanions = Promise.all([
      WorkspaceRouteGuard.preload(),
      WorkspaceHomePage.preload(),
    ]).catch(() => undefined);
  }
  void ProtectedLayout.preload();
}

const EmptyWorkspacePage = lazy(() =>
  import('../features/workspaces/pages/empty-workspace-page').then((m) => ({
    default: m.EmptyWorkspacePage,
  })),
);
const TeamPage = lazy(() => import('./pages/team-page').then((m) => ({ default: m.TeamPage })));
const ChatRoomPage = lazy(() =>
  import('../features/chat/pages/chat-room-page').then((m) => ({ default: m.ChatRoomPage })),
);
const VideoLivePage = lazy(() =>
  import('./pages/video-live-page').then((m) => ({ default: m.VideoLivePage })),
);
const PastMeetingsPage = lazy(() =>
  import('../features/meetings/pages/past-meetings-page').then((m) => ({
    default: m.PastMeetingsPage,
  })),
);
const MeetingNotesPage = lazy(() =>
  import('../features/meetings/pages/meeting-notes-page').then((m) => ({
    default: m.MeetingNotesPage,
  })),
);
const TeamFormationPage = lazy(() =>
  import('../features/formation/pages/team-formation-page').then((m) => ({
    default: m.TeamFormationPage,
  })),
);
const FormationMethodPage = lazy(() =>
  import('../features/formation/pages/formation-method-page').then((m) => ({
    default: m.FormationMethodPage,
  })),
);
const DigestUnsubscribePage = lazy(() =>
  import('../features/notifications/pages/digest-unsubscribe-page').then((m) => ({
    default: m.DigestUnsubscribePage,
  })),
);
const RecentChatRoute = lazy(() =>
  import('./pages/recent-chat-route').then((m) => ({ default: m.RecentChatRoute })),
);
const MyTasksPage = lazy(() =>
  import('../features/my-tasks/pages/my-tasks-page').then((m) => ({ default: m.MyTasksPage })),
);
const ContributionPrintPage = lazy(() =>
  import('../features/contribution/pages/contribution-print-page').then((m) => ({
    default: m.ContributionPrintPage,
  })),
);
const EvaluationsPage = lazy(() =>
  import('../features/evaluation/pages/evaluations-page').then((m) => ({
    default: m.EvaluationsPage,
  })),
);
const EvaluationPage = lazy(() =>
  import('../features/evaluation/pages/evaluation-page').then((m) => ({
    default: m.EvaluationPage,
  })),
);
const ClassOverviewPage = lazy(() =>
  import('../features/class-overview/pages/class-overview-page').then((m) => ({
    default: m.ClassOverviewPage,
  })),
);
const AdminPage = lazy(() =>
  import('../features/admin/pages/admin-page').then((m) => ({ default: m.AdminPage })),
);
const NotificationsPage = lazy(() =>
  import('../features/notifications/pages/notifications-page').then((m) => ({
    default: m.NotificationsPage,
  })),
);

/** The route table of spec 01 section 2, on the address hash. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AuthLayout />}>
        <Route path={routes.login.path} element={<LoginPage />} />
        <Route path={routes.signup.path} element={<SignupPage />} />
        <Route path={routes.forgotPassword.path} element={<ForgotPasswordPage />} />
        <Route path={routes.oauthSuccess.path} element={<OauthSuccessPage />} />
        <Route path={routes.digestUnsubscribe.path} element={<DigestUnsubscribePage />} />
      </Route>
      <Route element={<ProtectedLayout />}>
        <Route path={routes.home.path} element={<InitialRedirectPage />} />
        {/* Every /ws/:workspaceId route: normalised to the id, invite codes joined. */}
        <Route element={<WorkspaceRouteGuard />}>
          <Route path={routes.workspace.path} element={<WorkspaceHomePage />} />
          <Route path={routes.team.path} element={<TeamPage />} />
          <Route path={routes.chat.path} element={<ChatRoomPage />} />
          <Route path={routes.videoLive.path} element={<VideoLivePage />} />
          <Route path={routes.meetings.path} element={<PastMeetingsPage />} />
          <Route path={routes.meetingNotes.path} element={<MeetingNotesPage />} />
          <Route path={routes.teamFormation.path} element={<TeamFormationPage />} />
          <Route path={routes.evaluations.path} element={<EvaluationsPage />} />
          <Route path={routes.evaluation.path} element={<EvaluationPage />} />
          <Route path={routes.classOverview.path} element={<ClassOverviewPage />} />
        </Route>
        <Route path={routes.myPage.path} element={<MyPage />} />
        <Route path={routes.profileEdit.path} element={<ProfileEditPage />} />
        <Route path={routes.accountSettings.path} element={<AccountSettingsPage />} />
        <Route path={routes.myExports.path} element={<MyExportsPage />} />
        <Route path={routes.userProfile.path} element={<UserProfilePage />} />
        <Route path={routes.notifications.path} element={<NotificationsPage />} />
        <Route path={routes.admin.path} element={<AdminPage />} />
        <Route path={routes.myTasks.path} element={<MyTasksPage />} />
        <Route path={routes.recentChat.path} element={<RecentChatRoute />} />
        <Route path={routes.formationMethod.path} element={<FormationMethodPage />} />
        <Route path={routes.emptyWorkspace.path} element={<EmptyWorkspacePage />} />
      </Route>
      {/* Printable pages: no app frame around them (they sign nobody in: the token is there). */}
      <Route path={routes.contributionPrint.path} element={<ContributionPrintPage />} />
      <Route path="*" element={<Navigate to={routes.home.href()} replace />} />
    </Routes>
  );
}

/** The routes with the loader shown while the chunk of the logged-in frame loads. */
export function RouteTree() {
  return (
    // The pages have their layouts' own loaders.
    <Suspense fallback={<FullPageLoader text={ko.common.loading} />}>
      <AppRoutes />
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <HashRouter>
      <RouteTree />
    </HashRouter>
  );
}
