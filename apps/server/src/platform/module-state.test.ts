import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { ModuleState, ModuleStateKey } from './module-state';

describe('ModuleState', () => {
  const ctx = {} as AppContext; // the keys below never read it

  it('makes each declared state once, when the app is built', () => {
    let made = 0;
    const counter = new ModuleStateKey('test: counter', () => {
      made += 1;
      return { count: made };
    });
    const state = new ModuleState();
    state.makeAll(ctx, [counter, counter]);
    expect(made).toBe(1);
    expect(state.get(counter)).toBe(state.get(counter));
    expect(made).toBe(1);
  });

  it('keeps one app’s state apart from another’s', () => {
    const list = new ModuleStateKey('test: list', () => [] as number[]);
    const first = new ModuleState();
    const second = new ModuleState();
    first.makeAll(ctx, [list]);
    second.makeAll(ctx, [list]);
    first.get(list).push(1);
    expect(second.get(list)).toEqual([]);
  });

  it('closes the states that say how, last made first, each with the state it made', async () => {
    const closed: string[] = [];
    const first = new ModuleStateKey(
      'test: first',
      () => ({ name: 'a' }),
      async (made) => {
        closed.push(made.name);
      },
    );
    const plain = new ModuleStateKey('test: plain', () => ({ name: 'b' }));
    const last = new ModuleStateKey(
      'test: last',
      () => ({ name: 'c' }),
      async (made) => {
        closed.push(made.name);
      },
    );
    const state = new ModuleState();
    state.makeAll(ctx, [first, plain, last]);
    await state.closeAll();
    expect(closed).toEqual(['c', 'a']);
  });

  it('refuses a state no module of the app declares', () => {
    const undeclared = new ModuleStateKey('test: undeclared', () => 1);
    expect(() => new ModuleState().get(undeclared)).toThrow(/test: undeclared/);
  });
});
