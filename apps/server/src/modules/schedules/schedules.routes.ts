import { z } from 'zod';
import { envelope } from '@teamup/contracts/common';
import {
  scheduleInputSchema,
  scheduleListQuerySchema,
  schedulePageSchema,
  scheduleParamsSchema,
  scheduleRangeQuerySchema,
  scheduleSchema,
  teamSchedulesParamsSchema,
} from '@teamup/contracts/schedules';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as schedules from './schedules.service';

const security = [{ bearer: [] }];
const tags = ['schedules'];

export async function schedulesRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };

  app.get(
    '/teams/:teamId/schedules',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'A team’s schedules by start time (size 20 by default)',
        params: teamSchedulesParamsSchema,
        querystring: scheduleListQuerySchema,
        response: { 200: envelope(schedulePageSchema) },
      },
    },
    async (request) => ({
      data: await schedules.listSchedules(
        ctx,
        authOf(request).userId,
        request.params.teamId,
        request.query,
      ),
    }),
  );

  app.get(
    '/teams/:teamId/schedules/range',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Every schedule overlapping [startDate, endDate] (at most about a year)',
        params: teamSchedulesParamsSchema,
        querystring: scheduleRangeQuerySchema,
        response: { 200: envelope(z.array(scheduleSchema)) },
      },
    },
    async (request) => ({
      data: await schedules.listRange(
        ctx,
        authOf(request).userId,
        request.params.teamId,
        request.query,
      ),
    }),
  );

  app.post(
    '/teams/:teamId/schedules',
    {
      ...secured,
      schema: {
        tags,
        security,
        params: teamSchedulesParamsSchema,
        body: scheduleInputSchema,
        response: { 201: envelope(scheduleSchema) },
      },
    },
    async (request, reply) => {
      const created = await schedules.createSchedule(
        ctx,
        authOf(request).userId,
        request.params.teamId,
        request.body,
      );
      return reply.code(201).send({ data: created, message: '일정이 등록되었습니다.' });
    },
  );

  app.put(
    '/teams/:teamId/schedules/:id',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Replace a schedule (its creator or the team leader)',
        params: scheduleParamsSchema,
        body: scheduleInputSchema,
        response: { 200: envelope(scheduleSchema) },
      },
    },
    async (request) => ({
      data: await schedules.updateSchedule(
        ctx,
        authOf(request).userId,
        request.params.teamId,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/teams/:teamId/schedules/:id',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Delete a schedule (its creator or the team leader)',
        params: scheduleParamsSchema,
      },
    },
    async (request, reply) => {
      await schedules.deleteSchedule(
        ctx,
        authOf(request).userId,
        request.params.teamId,
        request.params.id,
      );
      return reply.code(204).send();
    },
  );
}
