import type { AppContext } from '../context';

/**
 * A piece of state a module keeps per app (decision 0037): declared in its module file
 * (`AppModule.state`), made once when the app's context is built, read typed through its key
 * (`ctx.moduleState.get(key)`). Platform state is a named field of the context instead: the
 * context knows no module, so a module's state is reached through the key the module exports.
 */
export class ModuleStateKey<T> {
  /** Typed by the state it is given back: only ever the one this key's `create` made. */
  readonly close: ((state: unknown) => Promise<void>) | undefined;

  constructor(
    /** Who owns it and what it is, for the error when no module of the app declares it. */
    readonly name: string,
    readonly create: (ctx: AppContext) => T,
    /**
     * Run when the context is disposed, before the database closes: work the state still holds
     * (pushes waiting to be sent) is done or let go, not left to fail on a closed database.
     */
    close?: (state: T) => Promise<void>,
  ) {
    this.close = close as ((state: unknown) => Promise<void>) | undefined;
  }
}

/** The states the app's modules declared, made for one app. */
export class ModuleState {
  private readonly made = new Map<ModuleStateKey<unknown>, unknown>();

  /** Makes each declared state once, in the modules' order, for `ctx` (whose field this is). */
  makeAll(ctx: AppContext, keys: readonly ModuleStateKey<unknown>[]): void {
    for (const key of keys) if (!this.made.has(key)) this.made.set(key, key.create(ctx));
  }

  /** Closes every state that says how (see `ModuleStateKey.close`), in reverse order. */
  async closeAll(): Promise<void> {
    for (const [key, state] of [...this.made].reverse()) await key.close?.(state);
  }

  get<T>(key: ModuleStateKey<T>): T {
    if (!this.made.has(key)) {
      throw new Error(`${key.name}: no module of this app declares this state`);
    }
    // The key made this value with its own `create`, so it is a T.
    return this.made.get(key) as T;
  }
}
