import { useEffect } from 'react';
import { useBoardLiveHandlers } from '../features/board/hooks/use-board-live-handlers';
import { useFreeTimeLiveHandlers } from '../features/free-time/hooks/use-free-time-live-handlers';
import { useKanbanLiveHandlers } from '../features/kanban/hooks/use-kanban-live-handlers';
import { useMyTasksLiveHandlers } from '../features/my-tasks/hooks/use-my-tasks-live-handlers';
import { useSchedulesLiveHandlers } from '../features/schedules/hooks/use-schedules-live-handlers';
import { useTeamsLiveHandlers } from '../features/teams/hooks/use-teams-live-handlers';
import { useWorkspacesLiveHandlers } from '../features/workspaces/hooks/use-workspaces-live-handlers';
import { usePresenceReporter } from '../lib/live/use-presence-reporter';
import { usePresenceLiveHandlers } from '../lib/queries/workspace-presence';

/**
 * Every feature's reactions to live events about its data (lib/live/live-handlers), mounted once
 * inside the live connection, with the presence of workspace members (kept live, and this tab's
 * away reports: decision 0021). Chat and notifications keep theirs on the screens that show them.
 * `onListening` is called once they all listen (effects run in order: theirs first), so the
 * connection can start without an event slipping past them.
 */
export function LiveHandlers({ onListening }: { onListening?: () => void }) {
  useBoardLiveHandlers();
  useSchedulesLiveHandlers();
  useFreeTimeLiveHandlers();
  useKanbanLiveHandlers();
  useMyTasksLiveHandlers();
  useTeamsLiveHandlers();
  useWorkspacesLiveHandlers();
  usePresenceLiveHandlers();
  usePresenceReporter();
  useEffect(() => onListening?.(), [onListening]);
  return null;
}
