import type { ReactNode } from 'react';
import { Group, NavLink, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { useTruncated } from '../use-truncated';
import classes from './side-panel.module.css';
import { WorkspaceIcon } from '../workspace-icon';

interface SidePanelLinkProps {
  to: string;
  /** The team's or room's whole name: the label, and the tooltip when the label is cut. */
  name: string;
  active: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  testId: string;
  /** data-* attributes naming what the link leads to (data-team-id, data-room-id). */
  data?: Record<`data-${string}`, string | number>;
}

/**
 * One link of the workspace side panel. The name takes the row's whole width, ends in '…' when
 * it does not fit, and then shows whole in a tooltip on hover and on keyboard focus.
 */
export function SidePanelLink({
  to,
  name,
  active,
  leftSection,
  rightSection,
  testId,
  data,
}: SidePanelLinkProps) {
  const { ref, truncated, measure } = useTruncated<HTMLSpanElement>(name);
  return (
    <Tooltip
      label={name}
      disabled={!truncated}
      position="right"
      withArrow
      multiline
      maw={280}
      openDelay={300}
      events={{ hover: true, focus: true, touch: false }}
    >
      <NavLink
        component={Link}
        to={to}
        active={active}
        aria-current={active ? 'page' : undefined}
        label={
          <span ref={ref} className={classes.linkName} data-testid="side-panel-link-name">
            {name}
          </span>
        }
        leftSection={leftSection}
        rightSection={rightSection}
        data-testid={testId}
        data-truncated={truncated ? 'true' : 'false'}
        {...data}
        onMouseEnter={measure}
        classNames={{ body: classes.linkBody }}
        py={6}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      />
    </Tooltip>
  );
}

/**
 * The workspace's icon and name at the top of the side panel: the name wraps onto a second line
 * before it is cut, and a cut name shows whole in a tooltip.
 */
export function SidePanelWorkspaceName({ workspace }: { workspace: Workspace }) {
  const { ref, truncated, measure } = useTruncated<HTMLParagraphElement>(workspace.name);
  return (
    <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1 }}>
      <WorkspaceIcon name={workspace.name} iconUrl={workspace.iconUrl} size={28} />
      <Tooltip
        label={workspace.name}
        disabled={!truncated}
        position="bottom-start"
        withArrow
        multiline
        maw={280}
        openDelay={300}
      >
        <Text
          ref={ref}
          className={classes.workspaceName}
          onMouseEnter={measure}
          data-testid="side-panel-workspace-name"
          data-truncated={truncated ? 'true' : 'false'}
        >
          {workspace.name}
        </Text>
      </Tooltip>
    </Group>
  );
}
