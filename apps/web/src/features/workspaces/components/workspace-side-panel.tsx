import { Box, Text } from '@mantine/core';
import { ko } from '../../../i18n/ko';

/** Width of the side panel in px; the layout widens its navbar by it on side-panel paths. */
export const WORKSPACE_SIDE_PANEL_WIDTH = 240;

/**
 * PLACEHOLDER — the workspace side panel of spec 01 section 2 (team projects, direct messages,
 * group chats, video meetings, each with a plus button; settings in the header). It shows on
 * workspace-home, team, chat and video paths. The workspaces feature replaces this component.
 */
export function WorkspaceSidePanel() {
  return (
    <Box
      component="aside"
      aria-label={ko.layout.workspaceSidePanel}
      data-slot="workspace-side-panel"
      w={{ base: '100%', sm: WORKSPACE_SIDE_PANEL_WIDTH }}
      p="md"
    >
      <Text size="sm" c="dimmed">
        {ko.layout.workspacePanelSoon}
      </Text>
    </Box>
  );
}
