import { lazy, Suspense } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { AuthLayout } from './layouts/auth-layout';
import { FullPageLoader } from '../components/full-page-loader';
import { routes } from '../config/paths';
import { ko } from '../i18n/ko';

// Every page but the login page loads on first visit: the first screen stays small. The frame of
// the logged-in app (live connection, app shell, workspace rail) is a chunk of its own too.
const ProtectedLayout = lazy(() =>
  import('./layouts/protected-layout').then((m) => ({ default: m.ProtectedLayout })),
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
const UserProfilePage = lazy(() =>
  import('../features/users/pages/user-profile-page').then((m) => ({
    default: m.UserProfilePage,
  })),
);
const InitialRedirectPage = lazy(() =>
  import('../features/workspaces/pages/initial-redirect-page').then((m) => ({
    default: m.InitialRedirectPage,
  })),
);
const WorkspaceRouteGuard = lazy(() =>
  import('../features/workspaces/components/workspace-route-guard').then((m) => ({
    default: m.WorkspaceRouteGuard,
  })),
);
const WorkspaceHomePage = lazy(() =>
  import('./pages/workspace-home-page').then((m) => ({
    default: m.WorkspaceHomePage,
  })),
);
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
      </Route>
      <Route element={<ProtectedLayout />}>
        <Route path={routes.home.path} element={<InitialRedirectPage />} />
        {/* Every /ws/:workspaceId route: normalised to the id, invite codes joined. */}
        <Route element={<WorkspaceRouteGuard />}>
          <Route path={routes.workspace.path} element={<WorkspaceHomePage />} />
          <Route path={routes.team.path} element={<TeamPage />} />
          <Route path={routes.chat.path} element={<ChatRoomPage />} />
          <Route path={routes.videoLive.path} element={<VideoLivePage />} />
          <Route path={routes.teamFormation.path} element={<TeamFormationPage />} />
        </Route>
        <Route path={routes.myPage.path} element={<MyPage />} />
        <Route path={routes.profileEdit.path} element={<ProfileEditPage />} />
        <Route path={routes.accountSettings.path} element={<AccountSettingsPage />} />
        <Route path={routes.userProfile.path} element={<UserProfilePage />} />
        <Route path={routes.notifications.path} element={<NotificationsPage />} />
        <Route path={routes.formationMethod.path} element={<FormationMethodPage />} />
        <Route path={routes.emptyWorkspace.path} element={<EmptyWorkspacePage />} />
      </Route>
      <Route path="*" element={<Navigate to={routes.home.href()} replace />} />
    </Routes>
  );
}

export function AppRouter() {
  return (
    <HashRouter>
      {/* While the chunk of the logged-in frame loads; the pages have their layouts' own. */}
      <Suspense fallback={<FullPageLoader text={ko.common.loading} />}>
        <AppRoutes />
      </Suspense>
    </HashRouter>
  );
}
