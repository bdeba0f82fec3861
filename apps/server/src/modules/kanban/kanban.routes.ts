import { kanbanEndpoints as endpoints, taskCommentEndpoints } from '@teamup/contracts/kanban';
import { myTaskEndpoints } from '@teamup/contracts/my-tasks';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as comments from './kanban-comments.service';
import * as kanban from './kanban.service';
import { myTasks, myTasksCount } from './my-tasks.service';
import type { TeamContentUse } from '../teams/team-access.service';

export async function kanbanRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'kanban');
  // Access steps (decision 0036): the list, or the task (a card is a task), the path names.
  const onList = {
    access: ({ params, userId }: { params: { id: number }; userId: number }) =>
      kanban.accessList(ctx, userId, params.id),
  };
  const onTask = (use: TeamContentUse) => ({
    access: ({ params, userId }: { params: { id: number }; userId: number }) =>
      kanban.accessTask(ctx, userId, params.id, use),
  });

  // The caller's own cards across teams (issue 44): nothing to reach beyond being signed in.
  route(myTaskEndpoints.list, ({ userId, query }) => myTasks(ctx, userId, query));
  route(myTaskEndpoints.count, ({ userId }) => myTasksCount(ctx, userId));

  route(endpoints.ensure, ({ userId, body }) => kanban.ensureTeamKanban(ctx, userId, body.teamId));
  route(endpoints.team, ({ userId, params }) => kanban.teamKanban(ctx, userId, params.teamId));

  route(endpoints.createList, ({ userId, body }) => kanban.createList(ctx, userId, body));
  route(
    endpoints.updateList,
    ({ userId, params, body }) => kanban.updateList(ctx, userId, params.id, body),
    onList,
  );
  route(endpoints.removeList, ({ userId, params }) => kanban.deleteList(ctx, userId, params.id));

  route(endpoints.createTask, ({ userId, body }) => kanban.createTask(ctx, userId, body));
  route(
    endpoints.updateTask,
    ({ userId, params, body }) => kanban.updateTask(ctx, userId, params.id, body),
    onTask(kanban.writeCards),
  );
  route(endpoints.removeTask, ({ userId, params }) => kanban.deleteTask(ctx, userId, params.id));

  route(
    taskCommentEndpoints.list,
    ({ userId, params, query }) => comments.taskComments.list(ctx, userId, params.id, query),
    onTask(kanban.readCards),
  );
  route(
    taskCommentEndpoints.create,
    ({ userId, params, body }) => comments.createComment(ctx, userId, params.id, body),
    onTask(kanban.writeCards),
  );
  route(
    taskCommentEndpoints.update,
    ({ userId, params, body }) =>
      comments.taskComments.update(
        ctx,
        userId,
        { subjectId: params.id, commentId: params.commentId },
        body.comment,
      ),
    {
      access: ({ params, userId }) =>
        comments.taskComments.reach(ctx, userId, {
          subjectId: params.id,
          commentId: params.commentId,
        }),
    },
  );
  route(taskCommentEndpoints.remove, ({ userId, params }) =>
    comments.taskComments.remove(ctx, userId, {
      subjectId: params.id,
      commentId: params.commentId,
    }),
  );

  route(
    endpoints.requestCompletion,
    ({ userId, params, body }) => kanban.requestCompletion(ctx, userId, params.id, body?.message),
    onTask(kanban.writeCards),
  );
  route(
    endpoints.reviewCompletion,
    ({ userId, params, body }) => kanban.reviewCompletion(ctx, userId, params.id, body),
    onTask(kanban.writeCards),
  );
}
