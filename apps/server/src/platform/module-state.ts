import type { AppContext } from '../context';

/**
 * A piece of state a module keeps per app (decision 0037): declared in its module file
 * (`AppModule.state`), made once when the app's context is built, read typed through its key
 * (`ctx.moduleState.get(key)`). Platform state is a named field of the context instead: the
 * context knows no module, so a module's state is reached through the key the module exports.
 */
export class ModuleStateKey<T> {
  constructor(
    /** Who owns it and what it is, for the error when no module of the app declares it. */
    readonly name: string,
    readonly create: (ctx: AppContext) => T,
  ) {}
}

/** The states the app's modules declared, made for one app. */
export class ModuleState {
  private readonly made = new Map<ModuleStateKey<unknown>, unknown>();

  /** Makes each declared state once, in the modules' order, for `ctx` (whose field this is). */
  makeAll(ctx: AppContext, keys: readonly ModuleStateKey<unknown>[]): void {
    for (const key of keys) if (!this.made.has(key)) this.made.set(key, key.create(ctx));
  }

  get<T>(key: ModuleStateKey<T>): T {
    if (!this.made.has(key)) {
      throw new Error(`${key.name}: no module of this app declares this state`);
    }
    // The key made this value with its own `create`, so it is a T.
    return this.made.get(key) as T;
  }
}
