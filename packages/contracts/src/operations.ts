import { adminEndpoints } from './admin';
import { authEndpoints } from './auth';
import { calendarFeedEndpoints } from './calendar-feed';
import {
  announcementEndpoints,
  attachmentEndpoints,
  postCommentEndpoints,
  postEndpoints,
} from './board';
import { chatEndpoints } from './chat';
import { classOverviewEndpoints } from './class-overview';
import { deliveryEndpoints } from './delivery';
import type { Endpoint } from './endpoint';
import { classEndpoints } from './class';
import { evaluationEndpoints } from './evaluation';
import { fileEndpoints } from './files';
import { formationEndpoints } from './formation';
import { freeTimeEndpoints } from './free-time';
import { contributionEndpoints } from './contribution';
import { meetingEndpoints } from './meetings';
import { healthEndpoints } from './health';
import { kanbanEndpoints, taskCommentEndpoints } from './kanban';
import { liveEndpoints } from './live';
import { myTaskEndpoints } from './my-tasks';
import { notificationEndpoints } from './notifications';
import { presenceEndpoints } from './presence';
import { pushEndpoints } from './push';
import { scheduleEndpoints } from './schedules';
import { searchEndpoints } from './search';
import { teamEndpoints } from './teams';
import { tokenEndpoints } from './tokens';
import { userEndpoints } from './users';
import { videoEndpoints } from './video';
import { webhookEndpoints } from './webhooks';
import { exportEndpoints } from './exports';
import { workspaceEndpoints } from './workspaces';

/**
 * Every endpoint table of the API under the name its operations carry in the API document:
 * `operationId` is the table's name and the endpoint's key, `scheduleEndpoints.list` →
 * `scheduleList`. A new table is added here, or the server refuses to register its routes.
 */
export const endpointTables: Readonly<Record<string, Readonly<Record<string, Endpoint>>>> = {
  auth: authEndpoints,
  user: userEndpoints,
  file: fileEndpoints,
  health: healthEndpoints,
  workspace: workspaceEndpoints,
  team: teamEndpoints,
  announcement: announcementEndpoints,
  post: postEndpoints,
  postComment: postCommentEndpoints,
  attachment: attachmentEndpoints,
  schedule: scheduleEndpoints,
  freeTime: freeTimeEndpoints,
  class: classEndpoints,
  contribution: contributionEndpoints,
  evaluation: evaluationEndpoints,
  kanban: kanbanEndpoints,
  taskComment: taskCommentEndpoints,
  myTask: myTaskEndpoints,
  calendarFeed: calendarFeedEndpoints,
  chat: chatEndpoints,
  notification: notificationEndpoints,
  delivery: deliveryEndpoints,
  push: pushEndpoints,
  formation: formationEndpoints,
  live: liveEndpoints,
  video: videoEndpoints,
  meetings: meetingEndpoints,
  search: searchEndpoints,
  presence: presenceEndpoints,
  classOverview: classOverviewEndpoints,
  admin: adminEndpoints,
  token: tokenEndpoints,
  webhook: webhookEndpoints,
  export: exportEndpoints,
};

const operationIds = new Map<Endpoint, string>();
for (const [table, endpoints] of Object.entries(endpointTables)) {
  for (const [key, endpoint] of Object.entries(endpoints)) {
    if (!operationIds.has(endpoint)) {
      operationIds.set(endpoint, `${table}${key.charAt(0).toUpperCase()}${key.slice(1)}`);
    }
  }
}

/** The stable operationId of an endpoint of a table above (undefined for any other object). */
export function operationIdOf(endpoint: Endpoint): string | undefined {
  return operationIds.get(endpoint);
}
