import { useState } from 'react';
import { Box, Group, Modal, NativeSelect, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconBan,
  IconId,
  IconLink,
  IconShieldLock,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Workspace } from '@teamup/contracts/workspaces';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { canSeeTab, effectiveTab, settingsTabs, type SettingsTab } from '../lib/settings-tabs';
import { BlacklistTab } from './settings/blacklist-tab';
import { SETTINGS_STACK_ID } from './settings/confirm-action';
import { DangerTab } from './settings/danger-tab';
import { InviteTab } from './settings/invite-tab';
import { MembersTab } from './settings/members-tab';
import { ProfileTab } from './settings/profile-tab';
import { SecurityTab } from './settings/security-tab';
import { WebhooksTab } from './settings/webhooks-tab';
import { WorkspaceIcon } from '../../../components/workspace-icon';

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
  webhooks: <IconWebhook size={16} />,
  security: <IconShieldLock size={16} />,
  danger: <IconAlertTriangle size={16} />,
};

/**
 * Below this width the seven tabs do not fit in a row: a select names the section instead. They
 * need a modal near its full 780 px (one row from a 860 px window in Chromium; 896 px leaves room
 * for wider fonts).
 */
const COMPACT_QUERY = '(max-width: 56em)';
/** Phones get the modal full screen. */
const PHONE_QUERY = '(max-width: 36em)';
/**
 * Every tab's content gets the same box, scrolled within, so the modal keeps one height whatever
 * the tab (it grew and shrank on every switch).
 */
export const SETTINGS_PANEL_HEIGHT = '30rem';
/** On a short screen the box gives way so the modal still fits. */
const SETTINGS_PANEL_MAX_HEIGHT = 'calc(100dvh - 15rem)';

/**
 * The workspace settings (spec 01 section 2): invite for everyone; members, blacklist and
 * webhooks for admins; server profile, security and danger zone for the owner. A tab the role
 * may not see falls back to invite. Full screen on phones, where a select lists the sections
 * (every one visible at once) instead of a row of tabs cut off at the edge. Its toasts come up
 * at the bottom (see settings-toast.ts), clear of the title.
 */
export function WorkspaceSettingsModal({
  workspace,
  opened,
  onClose,
}: WorkspaceSettingsModalProps) {
  const [chosen, setChosen] = useState<SettingsTab>('invite');
  const compact = useMediaQuery(COMPACT_QUERY);
  const phone = useMediaQuery(PHONE_QUERY);
  const tab = effectiveTab(chosen, workspace.myRole);
  const visible = settingsTabs.filter((value) => canSeeTab(value, workspace.myRole));
  const t = workspacesKo.settings;

  const handleClose = () => {
    setChosen('invite');
    onClose();
  };
  const choose = (value: string | null) => {
    const next = settingsTabs.find((item) => item === value);
    if (next) setChosen(next);
  };

  const panel = (value: SettingsTab): ReactNode => {
    switch (value) {
      case 'invite':
        return <InviteTab workspace={workspace} onClose={handleClose} />;
      case 'profile':
        return (
          <ProfileTab
            key={`${workspace.id}:${workspace.name}:${workspace.iconUrl}`}
            workspace={workspace}
          />
        );
      case 'members':
        return <MembersTab workspace={workspace} />;
      case 'blacklist':
        return <BlacklistTab workspace={workspace} />;
      case 'webhooks':
        return <WebhooksTab workspace={workspace} />;
      case 'security':
        return <SecurityTab workspace={workspace} />;
      case 'danger':
        return <DangerTab workspace={workspace} onClose={handleClose} />;
    }
  };

  const content = compact ? (
    <Stack gap="md">
      <NativeSelect
        label={t.sectionLabel}
        value={tab}
        onChange={(event) => choose(event.currentTarget.value)}
        leftSection={tabIcons[tab]}
        data={visible.map((value) => ({ value, label: t.tabs[value] }))}
        data-testid="settings-section-select"
      />
      <Box
        role="region"
        aria-label={t.tabs[tab]}
        data-testid="settings-panel"
        // Full screen on phones: the modal itself scrolls and keeps its size.
        h={phone ? undefined : SETTINGS_PANEL_HEIGHT}
        mah={phone ? undefined : SETTINGS_PANEL_MAX_HEIGHT}
        style={phone ? undefined : { overflowY: 'auto' }}
      >
        {panel(tab)}
      </Box>
    </Stack>
  ) : (
    <Tabs value={tab} onChange={choose} keepMounted={false}>
      <Tabs.List>
        {visible.map((value) => (
          <Tabs.Tab
            key={value}
            value={value}
            leftSection={tabIcons[value]}
            color={value === 'danger' ? 'red' : undefined}
            data-testid={`settings-tab-${value}`}
            style={{ whiteSpace: 'nowrap' }}
          >
            {t.tabs[value]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {visible.map((value) => (
        <Tabs.Panel key={value} value={value} pt="md">
          <ScrollArea
            h={SETTINGS_PANEL_HEIGHT}
            mah={SETTINGS_PANEL_MAX_HEIGHT}
            type="auto"
            offsetScrollbars="y"
            data-testid="settings-panel"
          >
            {panel(value)}
          </ScrollArea>
        </Tabs.Panel>
      ))}
    </Tabs>
  );

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
              {t.title(workspace.name)}
            </Text>
          </Group>
        }
      >
        {content}
      </Modal>
    </Modal.Stack>
  );
}
