import { Burger, Group, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { LiveStatus } from '../../features/live/components/live-status';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SearchBox } from '../../features/search/components/search-box';
import { useCurrentWorkspace } from '../../hooks/use-current-workspace';
import { ko } from '../../i18n/ko';
import { routes } from '../../config/paths';
import { useAfterFirstCommit } from '../../lib/use-after-first-commit';
import { ProfileMenu } from './profile-menu';

/**
 * The search box, live status, bell and profile menu, in a second, sliced pass after the frame's
 * first commit: their tooltip, popover and menu (floating-ui, portals) set state as they are
 * first committed, which made that commit re-render at once and flush every effect of the page
 * with it, in one long task.
 */
function TopBarActions({ workspaceId }: { workspaceId: number | undefined }) {
  const ready = useAfterFirstCommit();
  if (!ready) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <SearchBox workspaceId={workspaceId} />
      <LiveStatus />
      <NotificationBell />
      <ProfileMenu />
    </Group>
  );
}

interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/**
 * Logo (to the current workspace, else /), the burger on small screens, the search box (Ctrl/Cmd+K),
 * the live link's status, the notification bell and the profile menu.
 */
export function TopBar({ navOpened, onToggleNav }: TopBarProps) {
  const { workspace } = useCurrentWorkspace();
  const logoTarget = workspace ? routes.workspace.href(workspace.id) : routes.home.href();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? ko.common.closeMenu : ko.common.openMenu}
        />
        <UnstyledButton component={Link} to={logoTarget} aria-label={ko.layout.home}>
          <BrandLogo />
        </UnstyledButton>
      </Group>
      <TopBarActions workspaceId={workspace?.id} />
    </Group>
  );
}
