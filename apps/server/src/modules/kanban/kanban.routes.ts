import { envelope } from '@teamup/contracts/common';
import {
  completionApprovalSchema,
  completionRequestSchema,
  createKanbanSchema,
  createListSchema,
  createTaskSchema,
  kanbanIdParamsSchema,
  kanbanListSchema,
  kanbanSchema,
  kanbanTeamParamsSchema,
  taskCommentInputSchema,
  taskCommentListQuerySchema,
  taskCommentPageSchema,
  taskCommentParamsSchema,
  taskCommentSchema,
  taskSchema,
  updateListSchema,
  updateTaskSchema,
} from '@teamup/contracts/kanban';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as comments from './kanban-comments.service';
import * as kanban from './kanban.service';

const security = [{ bearer: [] }];
const tags = ['kanban'];

export async function kanbanRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };
  const schema = <T extends object>(extra: T) => ({ tags, security, ...extra });

  app.post(
    '/kanban',
    {
      ...secured,
      schema: schema({
        summary: 'The team’s board, made if it has none (one per team)',
        body: createKanbanSchema,
        response: { 200: envelope(kanbanSchema) },
      }),
    },
    async (request) => ({
      data: await kanban.teamKanban(ctx, authOf(request).userId, request.body.teamId),
    }),
  );

  app.get(
    '/kanban/team/:teamId',
    {
      ...secured,
      schema: schema({
        summary: 'The team’s board with its lists and tasks in order (made on first use)',
        params: kanbanTeamParamsSchema,
        response: { 200: envelope(kanbanSchema) },
      }),
    },
    async (request) => ({
      data: await kanban.teamKanban(ctx, authOf(request).userId, request.params.teamId),
    }),
  );

  app.post(
    '/kanban/lists',
    {
      ...secured,
      schema: schema({ body: createListSchema, response: { 201: envelope(kanbanListSchema) } }),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await kanban.createList(ctx, authOf(request).userId, request.body) }),
  );

  app.put(
    '/kanban/lists/:id',
    {
      ...secured,
      schema: schema({
        summary: 'Rename a list and/or move it to position `order`',
        params: kanbanIdParamsSchema,
        body: updateListSchema,
        response: { 200: envelope(kanbanListSchema) },
      }),
    },
    async (request) => ({
      data: await kanban.updateList(ctx, authOf(request).userId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/kanban/lists/:id',
    {
      ...secured,
      schema: schema({ summary: 'Delete a list with its tasks', params: kanbanIdParamsSchema }),
    },
    async (request, reply) => {
      await kanban.deleteList(ctx, authOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/kanban/tasks',
    {
      ...secured,
      schema: schema({ body: createTaskSchema, response: { 201: envelope(taskSchema) } }),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await kanban.createTask(ctx, authOf(request).userId, request.body) }),
  );

  app.put(
    '/kanban/tasks/:id',
    {
      ...secured,
      schema: schema({
        summary: 'Edit a task; `kanbanListId` and/or `order` move it',
        params: kanbanIdParamsSchema,
        body: updateTaskSchema,
        response: { 200: envelope(taskSchema) },
      }),
    },
    async (request) => ({
      data: await kanban.updateTask(ctx, authOf(request).userId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/kanban/tasks/:id',
    { ...secured, schema: schema({ params: kanbanIdParamsSchema }) },
    async (request, reply) => {
      await kanban.deleteTask(ctx, authOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/kanban/tasks/:id/comments',
    {
      ...secured,
      schema: schema({
        summary: 'A task’s comments, oldest first (size 4 by default)',
        params: kanbanIdParamsSchema,
        querystring: taskCommentListQuerySchema,
        response: { 200: envelope(taskCommentPageSchema) },
      }),
    },
    async (request) => ({
      data: await comments.taskComments.list(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.query,
      ),
    }),
  );

  app.post(
    '/kanban/tasks/:id/comments',
    {
      ...secured,
      schema: schema({
        params: kanbanIdParamsSchema,
        body: taskCommentInputSchema,
        response: { 201: envelope(taskCommentSchema) },
      }),
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await comments.createComment(
          ctx,
          authOf(request).userId,
          request.params.id,
          request.body,
        ),
      }),
  );

  app.put(
    '/kanban/tasks/:id/comments/:commentId',
    {
      ...secured,
      schema: schema({
        summary: 'Edit a task comment (author only)',
        params: taskCommentParamsSchema,
        body: taskCommentInputSchema,
        response: { 200: envelope(taskCommentSchema) },
      }),
    },
    async (request) => ({
      data: await comments.taskComments.update(
        ctx,
        authOf(request).userId,
        { subjectId: request.params.id, commentId: request.params.commentId },
        request.body.comment,
      ),
    }),
  );

  app.delete(
    '/kanban/tasks/:id/comments/:commentId',
    {
      ...secured,
      schema: schema({
        summary: 'Delete a task comment (author only)',
        params: taskCommentParamsSchema,
      }),
    },
    async (request, reply) => {
      await comments.taskComments.remove(ctx, authOf(request).userId, {
        subjectId: request.params.id,
        commentId: request.params.commentId,
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/kanban/cards/:id/completion-request',
    {
      ...secured,
      schema: schema({
        summary: 'Ask the leader to approve the task as done (optional message)',
        params: kanbanIdParamsSchema,
        body: completionRequestSchema,
        response: { 200: envelope(taskSchema) },
      }),
    },
    async (request) => ({
      data: await kanban.requestCompletion(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body?.message,
      ),
    }),
  );

  app.post(
    '/kanban/cards/:id/completion-approval',
    {
      ...secured,
      schema: schema({
        summary: 'Approve or reject a completion request (team leader only)',
        params: kanbanIdParamsSchema,
        body: completionApprovalSchema,
        response: { 200: envelope(taskSchema) },
      }),
    },
    async (request) => ({
      data: await kanban.reviewCompletion(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body,
      ),
    }),
  );
}
