import { Stack, Text } from '@mantine/core';
import { IconChartBar, IconStars } from '@tabler/icons-react';
import { matchPath, useLocation } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { canOverseeClass } from '@teamup/contracts/workspace-roles';
import { SidePanelLink } from '../../../components/side-panel/side-panel-link';
import { routes } from '../../../config/paths';
import { classKo } from '../../../i18n/ko/class';

const t = classKo.panel;

/**
 * The side panel's "수업" section, in a class workspace only: "수업 현황" for its instructors and
 * TAs, "동료 평가" for everyone in it.
 */
export function ClassLinks({ workspace }: { workspace: Workspace }) {
  const location = useLocation();
  if (!workspace.isClass) return null;
  const at = (path: string) => matchPath(path, location.pathname) !== null;
  return (
    <Stack
      component="section"
      gap={4}
      aria-labelledby="side-panel-class"
      data-testid="side-panel-class"
    >
      <Text id="side-panel-class" size="xs" fw={700} c="dimmed" tt="uppercase" pl="xs">
        {t.section}
      </Text>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {canOverseeClass(workspace.myRole) && (
          <li>
            <SidePanelLink
              to={routes.classOverview.href(workspace.id)}
              name={t.overview}
              active={at(routes.classOverview.path)}
              leftSection={<IconChartBar size={16} aria-hidden />}
              testId="side-panel-class-overview"
            />
          </li>
        )}
        <li>
          <SidePanelLink
            to={routes.evaluations.href(workspace.id)}
            name={t.evaluations}
            active={at(routes.evaluations.path)}
            leftSection={<IconStars size={16} aria-hidden />}
            testId="side-panel-evaluations"
          />
        </li>
      </Stack>
    </Stack>
  );
}
