import { ActionIcon, Burger, Group, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { LiveStatus } from '../../features/live/components/live-status';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';
import { ko } from '../../i18n/ko';
import { routes } from '../routes';
import { ProfileMenu } from './profile-menu';

interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/**
 * Logo (to the current workspace, else /), the burger on small screens, the live link's status,
 * the notification bell and the profile menu.
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
      <Group gap="sm" wrap="nowrap">
        <LiveStatus />
        <ActionIcon
          component={Link}
          to={routes.notifications.href()}
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label={ko.layout.notifications}
        >
          <IconBell size={22} stroke={1.7} />
        </ActionIcon>
        <ProfileMenu />
      </Group>
    </Group>
  );
}
