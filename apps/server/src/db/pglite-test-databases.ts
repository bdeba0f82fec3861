import { PgliteInWorker } from './pglite-remote';

/**
 * New in-memory embedded databases for the worker's own tests, each apart from the others. initdb
 * in WASM costs seconds of CPU a database (7-8 s on the 2-core CI machine, 11 s under load);
 * loading a dump of one costs a third of it. So `prepare` (in `beforeAll`) makes one database,
 * gives it `setup` and keeps its dump; `open` loads that dump; `closeAll` (after each test)
 * closes every database opened.
 */
export function testDatabases(setup: string) {
  const opened: PgliteInWorker[] = [];
  let template: Uint8Array | undefined;
  return {
    /** The time it may take, for `beforeAll`: initdb on a loaded machine. */
    prepareTimeoutMs: 120_000,
    async prepare(): Promise<void> {
      const db = await PgliteInWorker.open(undefined);
      try {
        await db.exec(setup);
        template = await db.dump();
      } finally {
        await db.close();
      }
    },
    async open(): Promise<PgliteInWorker> {
      if (!template) throw new Error('testDatabases: prepare() first (in beforeAll)');
      const db = await PgliteInWorker.open(undefined, template);
      opened.push(db);
      return db;
    },
    async closeAll(): Promise<void> {
      for (const db of opened.splice(0)) await db.close().catch(() => undefined);
    },
  };
}
