import { useState } from 'react';
import { Group, Modal, ScrollArea, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconBan,
  IconId,
  IconLink,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Workspace } from '@teamup/contracts/workspaces';
import { ko } from '../../../i18n/ko';
import { canSeeTab, effectiveTab, settingsTabs, type SettingsTab } from '../lib/settings-tabs';
import { BlacklistTab } from './settings/blacklist-tab';
import { SETTINGS_STACK_ID } from './settings/confirm-action';
import { DangerTab } from './settings/danger-tab';
import { InviteTab } from './settings/invite-tab';
import { MembersTab } from './settings/members-tab';
import { ProfileTab } from './settings/profile-tab';
import { SecurityTab } from './settings/security-tab';
import { WorkspaceIcon } from './workspace-icon';

interface WorkspaceSettingsModalProps {
  workspace: Workspace;
  opened: boolean;
  onClose: () => void;
}

const tabIcons: Record<SettingsTab, ReactNode> = {
  invite: <IconLink size={16} />,
  profile: <IconId size={16} />,
  members: <IconUsers size={16} />,
  blacklist: <IconBan size={16} />,
  security: <IconShieldLock size={16} />,
  danger: <IconAlertTriangle size={16} />,
};

/**
 * The workspace settings (spec 01 section 2): invite for everyone; members and blacklist for
 * admins; server profile, security and danger zone for the owner. A tab the role may not see
 * falls back to invite. Full screen on phones.
 */
export function WorkspaceSettingsModal({
  workspace,
  opened,
  onClose,
}: WorkspaceSettingsModalProps) {
  const [chosen, setChosen] = useState<SettingsTab>('invite');
  const phone = useMediaQuery('(max-width: 36em)');
  const tab = effectiveTab(chosen, workspace.myRole);
  const visible = settingsTabs.filter((value) => canSeeTab(value, workspace.myRole));

  const handleClose = () => {
    setChosen('invite');
    onClose();
  };

  return (
    // One stack with the tabs' confirm dialogs: Escape then closes only the top one.
    <Modal.Stack>
      <Modal
        opened={opened}
        onClose={handleClose}
        fullScreen={phone}
        size="xl"
        stackId={SETTINGS_STACK_ID}
        // On the content box: the root has no size of its own (its children are fixed).
        attributes={{ content: { 'data-testid': 'workspace-settings-modal' } }}
        title={
          <Group gap="xs" wrap="nowrap">
            <WorkspaceIcon name={workspace.name} iconUrl={workspace.iconUrl} size={28} />
            <Text fw={700} truncate="end">
              {ko.workspaces.settings.title(workspace.name)}
            </Text>
          </Group>
        }
      >
        <Tabs
          value={tab}
          onChange={(value) => {
            const next = settingsTabs.find((item) => item === value);
            if (next) setChosen(next);
          }}
          keepMounted={false}
        >
          <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x">
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {visible.map((value) => (
                <Tabs.Tab
                  key={value}
                  value={value}
                  leftSection={tabIcons[value]}
                  color={value === 'danger' ? 'red' : undefined}
                  data-testid={`settings-tab-${value}`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {ko.workspaces.settings.tabs[value]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
          <Tabs.Panel value="invite" pt="md">
            <InviteTab workspace={workspace} onClose={handleClose} />
          </Tabs.Panel>
          <Tabs.Panel value="profile" pt="md">
            <ProfileTab
              key={`${workspace.id}:${workspace.name}:${workspace.iconUrl}`}
              workspace={workspace}
            />
          </Tabs.Panel>
          <Tabs.Panel value="members" pt="md">
            <MembersTab workspace={workspace} />
          </Tabs.Panel>
          <Tabs.Panel value="blacklist" pt="md">
            <BlacklistTab workspace={workspace} />
          </Tabs.Panel>
          <Tabs.Panel value="security" pt="md">
            <SecurityTab workspace={workspace} />
          </Tabs.Panel>
          <Tabs.Panel value="danger" pt="md">
            <DangerTab workspace={workspace} onClose={handleClose} />
          </Tabs.Panel>
        </Tabs>
      </Modal>
    </Modal.Stack>
  );
}
