import { describe, expect, it } from 'vitest';
import { hooksOf, type AppModule, type ProgressSource } from './module';

const progress =
  (percent: number): ProgressSource =>
  async (_db, teamIds) =>
    new Map(teamIds.map((teamId) => [teamId, percent]));

describe('hooksOf: how far teams are', () => {
  it('takes the one module that measures progress, wherever it is listed', () => {
    const source = progress(40);
    const hooks = hooksOf([{ name: 'teams' }, { name: 'kanban', progressSource: source }]);
    expect(hooks.progressSource).toBe(source);
  });

  it('has none when no module measures it (every team at 0)', () => {
    expect(hooksOf([{ name: 'teams' }]).progressSource).toBeUndefined();
  });

  it('refuses two modules answering it, naming both', () => {
    const modules: AppModule[] = [
      { name: 'kanban', progressSource: progress(10) },
      { name: 'goals', progressSource: progress(90) },
    ];
    expect(() => hooksOf(modules)).toThrow('kanban, goals');
  });
});
