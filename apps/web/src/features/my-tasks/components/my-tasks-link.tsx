import { Badge } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { matchPath, useLocation } from 'react-router';
import { routes } from '../../../config/paths';
import { myTasksKo } from '../../../i18n/ko/my-tasks';
import { useAuth } from '../../../lib/auth/use-auth';
import { SidePanelLink } from '../../../components/side-panel/side-panel-link';
import { useMyTaskCount } from '../api/my-task-count';

const t = myTasksKo;

/**
 * The side panel's way to "내 할 일", with the number of my cards not done (red while some are
 * overdue). Kept current by the kanban live events (use-my-tasks-live-handlers).
 */
export function MyTasksLink() {
  const { status } = useAuth();
  const location = useLocation();
  const count = useMyTaskCount(status === 'authenticated');
  const open = count.data?.open ?? 0;
  const overdue = count.data?.overdue ?? 0;
  return (
    <SidePanelLink
      to={routes.myTasks.href()}
      name={t.sidePanelLink}
      active={matchPath(routes.myTasks.path, location.pathname) !== null}
      leftSection={<IconChecklist size={16} aria-hidden />}
      rightSection={
        open > 0 ? (
          <Badge
            size="sm"
            variant={overdue > 0 ? 'filled' : 'light'}
            color={overdue > 0 ? 'red' : 'gray'}
            aria-label={t.countLabel(open, overdue)}
            title={t.countLabel(open, overdue)}
            data-testid="my-tasks-count"
            data-overdue={overdue}
          >
            {open > 99 ? '99+' : open}
          </Badge>
        ) : undefined
      }
      testId="side-panel-my-tasks"
    />
  );
}
