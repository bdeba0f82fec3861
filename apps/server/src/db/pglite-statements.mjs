// Named prepared statements for the embedded database (decision 0028). PGlite's `query` sends
// every statement unnamed, so PostgreSQL parses, analyses and plans it anew on each call: for
// the chat send statement that was three quarters of its cost. A statement text seen again is
// parsed once under a name and then only bound and executed. Plain JavaScript beside
// pglite-worker.mjs, which starts it (scripts/build-server.mjs copies both).
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statements kept prepared; the least recently used one is closed beyond this. */
const KEPT = 256;
/** Texts seen once, waiting for a second sighting before they are prepared. */
const SIGHTED = 1024;
/** Only plain data statements are prepared: anything else may change what a plan depends on. */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/**
 * Upkeep (decision 0029) changes no plan's ground: a plan PostgreSQL itself would invalidate
 * (after new statistics) it replans on its own. Run unnamed, it leaves the prepared ones be.
 */
const UPKEEP = /^\s*(?:vacuum|analyze)\b/i;
/**
 * A statement whose text carries this comment runs on PostgreSQL's generic plan, made once, where
 * every other statement is planned anew on each call (decision 0028). For a hot statement whose
 * plan does not depend on its parameters' values (the chat send batch): planning was two thirds
 * of its time.
 */
const GENERIC_PLAN = '/* plan: generic */';

function concat(parts) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Sets the plan mode for what follows in the same protocol call (unnamed, so nothing is left
 * prepared). SET is transactional: should the statement after it fail, the call's transaction
 * (or the caller's) is rolled back, the mode with it, and the next call plans per call again.
 */
const planMode = (mode) =>
  concat([
    serialize.parse({ text: `SET plan_cache_mode = ${mode}` }),
    serialize.bind({}),
    serialize.execute({}),
  ]);

/** The messages of the middle statement of three (after the first SET's, up to its own end). */
function ownAnswer(messages) {
  const first = messages.findIndex((message) => message.name === 'commandComplete');
  const own = messages.findIndex(
    (message, index) => index > first && message.name === 'commandComplete',
  );
  return messages.slice(first + 1, own + 1);
}

const GENERIC_PLANS = planMode('force_generic_plan');
const CUSTOM_PLANS = planMode('force_custom_plan');

/** What PGlite's own query path adds to an error: the statement it came from. */
function withQuery(error, sql, params, options) {
  if (error && typeof error === 'object') {
    Object.assign(error, { query: sql, params, queryOptions: options });
  }
  return error;
}

/**
 * The prepared statements of one PGlite instance. `query` answers as `PGlite.query` does (rows
 * parsed by the same parsers, errors with PostgreSQL's fields), `inTransaction` telling whether
 * the caller holds an open transaction (its lock is held already, and nothing is synced to disk
 * before the commit, as in PGlite's own transaction).
 */
export class PreparedStatements {
  #db;
  /** SQL text → { name, paramTypes, rowDescription }; Map order is least recently used first. */
  #prepared = new Map();
  #sighted = new Set();
  /** Names forgotten and not yet closed in the database (closed by the next prepared call). */
  #unclosed = [];
  #nextName = 1;

  constructor(db) {
    this.#db = db;
  }

  get size() {
    return this.#prepared.size;
  }

  /** After DDL or anything not plainly data, plans may rest on what changed: forget them all. */
  forgetAll() {
    for (const statement of this.#prepared.values()) this.#unclosed.push(statement.name);
    this.#prepared.clear();
    this.#sighted.clear();
  }

  /**
   * Whether `sql` is run as a prepared statement (else through PGlite's unnamed path). A
   * statement that is not plainly data (DDL, SET …) may change what the plans rest on: all are
   * forgotten.
   */
  wants(sql) {
    if (this.#prepared.has(sql)) return true;
    if (UPKEEP.test(sql)) return false;
    if (!PREPARABLE.test(sql)) {
      this.forgetAll();
      return false;
    }
    if (this.#sighted.has(sql)) return true;
    if (this.#sighted.size >= SIGHTED) this.#sighted.clear();
    this.#sighted.add(sql);
    return false;
  }

  async query(sql, params = [], options, inTransaction) {
    const db = this.#db;
    const run = async () => {
      if (this.#unclosed.length > 0) await this.#close(this.#unclosed.splice(0));
      const statement = this.#prepared.get(sql) ?? (await this.#prepare(sql, params, options));
      // Most recently used last.
      this.#prepared.delete(sql);
      this.#prepared.set(sql, statement);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[index];
        const serializer = options?.serializers?.[type] ?? db.serializers[type];
        return serializer ? serializer(value) : value.toString();
      });
      const own = [serialize.bind({ statement: statement.name, values }), serialize.execute({})];
      let messages;
      try {
        messages = await db.execProtocolStream(
          concat(
            statement.generic
              ? [GENERIC_PLANS, ...own, CUSTOM_PLANS, serialize.sync()]
              : [...own, serialize.sync()],
          ),
          { syncToFs: false },
        );
        // Only the statement's own answer: the mode's SETs answer before and after it.
        if (statement.generic) messages = ownAnswer(messages);
      } catch (error) {
        // A plan whose result no longer fits (a table changed under it): prepare it anew next
        // time. The failed call itself stored nothing.
        if (error?.code === '0A000') this.#prepared.delete(sql);
        throw withQuery(error, sql, params, options);
      }
      if (!inTransaction) await db.syncToFs();
      const described = statement.rowDescription
        ? [statement.rowDescription, ...messages]
        : messages;
      // Parsers layered over the database's own (pglite-worker.mjs makes them) are the whole
      // table as they are: not merged into a copy of it on every call, as PGlite does.
      const { parsers, ...parsing } = options ?? {};
      if (parsers && Object.getPrototypeOf(parsers) === db.parsers) {
        return parse.parseResults(described, parsers, parsing)[0];
      }
      return parse.parseResults(described, db.parsers, options)[0];
    };
    if (inTransaction) return db._runExclusiveQuery(run);
    await db._checkReady();
    return db._runExclusiveTransaction(() => db._runExclusiveQuery(run));
  }

  async #prepare(sql, params, options) {
    const name = `teamup_${this.#nextName++}`;
    let messages;
    try {
      messages = await this.#db.execProtocolStream(
        concat([
          serialize.parse({ name, text: sql }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      this.#sighted.delete(sql);
      throw withQuery(error, sql, params, options);
    }
    const statement = {
      name,
      generic: sql.includes(GENERIC_PLAN),
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    if (this.#prepared.size >= KEPT) {
      const [oldest, { name: oldestName }] = this.#prepared.entries().next().value;
      this.#prepared.delete(oldest);
      this.#unclosed.push(oldestName);
    }
    return statement;
  }

  async #close(names) {
    await this.#db.execProtocolStream(
      concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]),
      { syncToFs: false },
    );
  }
}
