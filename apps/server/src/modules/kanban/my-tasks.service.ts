import { toPage, type Page } from '@teamup/contracts/common';
import type { MyTask, MyTaskCount, MyTaskListQuery } from '@teamup/contracts/my-tasks';
import type { AppContext } from '../../context';
import { deliverySettings } from '../notifications/delivery.service';
import { dueWindow } from './my-tasks-window';
import { presentMyTask } from './my-tasks.presenter';
import { groupRanks, myOpenDeadlines, myTaskCount, myTaskPage } from './my-tasks.repo';

/*
 * "내 할 일" (issue 44): the caller's own assigned cards. Nothing here is another person's: the
 * query starts from the caller's assignments and keeps only teams they are a member of now, so
 * there is no access step beyond being signed in; a workspace or team filter the caller is not in
 * simply finds nothing.
 */

/** Days are counted in the zone of the caller's notification delivery (Asia/Seoul by default). */
async function windowOf(ctx: AppContext, userId: number) {
  const { timeZone } = await deliverySettings(ctx, userId);
  return dueWindow(timeZone, ctx.now());
}

export async function myTasks(
  ctx: AppContext,
  userId: number,
  query: MyTaskListQuery,
): Promise<Page<MyTask>> {
  const { rows, total } = await myTaskPage(
    ctx.database.db,
    {
      userId,
      window: await windowOf(ctx, userId),
      workspaceId: query.workspaceId,
      teamId: query.teamId,
      includeDone: query.includeDone === 'true',
      rank: query.group === undefined ? undefined : groupRanks[query.group],
    },
    { offset: query.page * query.size, limit: query.size },
  );
  return toPage(rows.map(presentMyTask), total, query);
}

export async function myTasksCount(ctx: AppContext, userId: number): Promise<MyTaskCount> {
  return myTaskCount(ctx.database.db, { userId, window: await windowOf(ctx, userId) });
}

/** My cards not done that have a deadline, for my calendar feed (modules/calendar). */
export function myOpenTaskDeadlines(ctx: AppContext, userId: number) {
  return myOpenDeadlines(ctx.database.db, userId);
}

export type { DeadlineRow } from './my-tasks.repo';
