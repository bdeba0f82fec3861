import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { hooksOf } from '../module';
import { defaultBackoffMs, defineJobKind } from './job-kind';
import { JobScheduler } from './scheduler';

const kind = (name: string) => defineJobKind({ kind: name, handle: async () => undefined });
// Never reached: these cases are refused before any query.
const noDatabase = {} as Database;
const silent = pino({ level: 'silent' });

describe('job kinds', () => {
  it('gathers every module kind and refuses two of one name, wherever they are listed', () => {
    const hooks = hooksOf([
      { name: 'kanban', jobs: [kind('kanban.reminder')] },
      { name: 'notifications', jobs: [kind('notifications.digest'), kind('kanban.reminder')] },
    ]);
    expect(hooks.jobs.map((job) => job.kind)).toEqual([
      'kanban.reminder',
      'notifications.digest',
      'kanban.reminder',
    ]);
    expect(() => new JobScheduler(noDatabase, hooks.jobs, silent)).toThrow(
      'two job kinds named kanban.reminder',
    );
  });

  it('refuses to schedule a kind the app does not have, an invalid time, or cancel every job', async () => {
    const known = kind('known');
    const scheduler = new JobScheduler(noDatabase, [known], silent);
    await expect(scheduler.schedule(kind('known'), 'k', new Date(), {})).rejects.toThrow(
      'not declared',
    );
    await expect(scheduler.schedule(known, 'k', new Date(Number.NaN), {})).rejects.toThrow(
      'invalid due time',
    );
    await expect(scheduler.cancelByPrefix('')).rejects.toThrow('needs a prefix');
  });

  it('backs off 10 s doubling each try, at most 15 minutes', () => {
    expect([1, 2, 3, 4, 7, 20].map(defaultBackoffMs)).toEqual([
      10_000, 20_000, 40_000, 80_000, 640_000, 900_000,
    ]);
  });
});
