import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconShieldLock, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/use-auth';
import { ko } from '../../i18n/ko';
import { routes } from '../../config/paths';
import { MemberAvatar } from '../../components/member-avatar';

/**
 * The profile picture (or initial) in the top bar, opening My Page, the admin page (instance
 * admins only) and Logout.
 */
export function ProfileMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;

  const handleLogout = async () => {
    await signOut();
    await navigate(routes.login.href(), { replace: true });
  };

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton
          data-testid="profile-menu"
          aria-label={ko.layout.profileMenu}
          style={{ borderRadius: '50%' }}
        >
          <MemberAvatar name={user.name} imageUrl={user.profileImageUrl} decorative />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Divs, not paragraphs: a menu may own only items, groups and separators. */}
        <Menu.Label>
          <Text component="div" size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          <Text component="div" size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={routes.myPage.href()} leftSection={<IconUser size={16} />}>
          {ko.layout.myPage}
        </Menu.Item>
        {user.role === 'ADMIN' && (
          <Menu.Item
            component={Link}
            to={routes.admin.href()}
            leftSection={<IconShieldLock size={16} />}
            data-testid="admin-page-link"
          >
            {ko.layout.adminPage}
          </Menu.Item>
        )}
        <Menu.Item
          data-testid="logout"
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={handleLogout}
        >
          {ko.layout.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
