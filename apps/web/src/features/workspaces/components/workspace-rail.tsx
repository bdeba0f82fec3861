import { Stack } from '@mantine/core';
import { ko } from '../../../i18n/ko';

/** Width of the rail in px; the layout sizes its navbar with it. */
export const WORKSPACE_RAIL_WIDTH = 72;

/**
 * PLACEHOLDER — the narrow left workspace rail of spec 01 section 2 (one button per workspace
 * showing its icon or first letter, a create button, a join button). The workspaces feature
 * replaces this component; the protected layout already reserves its place.
 */
export function WorkspaceRail() {
  return (
    <Stack
      component="nav"
      aria-label={ko.layout.workspaceRail}
      data-slot="workspace-rail"
      w={WORKSPACE_RAIL_WIDTH}
      miw={WORKSPACE_RAIL_WIDTH}
      h="100%"
      py="md"
      align="center"
      gap="sm"
      bg="var(--mantine-color-gray-0)"
      style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}
