// The embedded database's thread (decision 0016): PGlite, its WASM and its file system calls run
// here, off the event loop that answers requests. Plain JavaScript: it is started by path, both
// from the sources (tests, tsx) and beside the bundle (scripts/build-server.mjs copies it).
// The protocol is db/pglite-remote.ts's; the two change together.
import { writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PreparedStatements } from './pglite-statements.mjs';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

// Named so that `top -H` and the bench's CPU by thread tell it from V8's helper threads (all
// called "node" otherwise). Linux only; elsewhere the thread keeps its name.
try {
  writeFileSync('/proc/thread-self/comm', 'pglite');
} catch {
  // Not Linux, or /proc is not mounted: nothing depends on the name.
}

// pg_trgm: the trigram indexes search uses (migration 0020, decision 0020). In memory, a snapshot
// (a tarball of a migrated database) is loaded instead of running initdb, which costs seconds of
// CPU (tests open one database per app).
const extensions = { pg_trgm };
const db = workerData.dataDir
  ? new PGlite(workerData.dataDir, { extensions })
  : new PGlite({
      extensions,
      ...(workerData.snapshot ? { loadDataDir: new Blob([workerData.snapshot]) } : {}),
    });
const prepared = new PreparedStatements(db);
/** Open transactions by id: the PGlite transaction object and how to end it. */
const transactions = new Map();
let nextTransaction = 1;
const ROLLBACK = Symbol('rollback');

/** Parsers that keep the named types as text, by the list of their ids (one per caller's set). */
const identityParsers = new Map();

/**
 * PGlite's parsers are functions, which cannot cross threads: the caller names the identities.
 * They are layered over the database's own parsers (its prototype), made once per set of types:
 * PGlite merges a query's parsers into a copy of all of its own on every call, and that copy (a
 * table of 318 numbered entries) was about a seventh of this thread's time under a stream of
 * chat sends (issue 18). The prepared path hands the layered table over as the whole table.
 */
function optionsOf(options) {
  if (!options) return undefined;
  const { identityTypes, ...rest } = options;
  if (!identityTypes) return rest;
  const key = identityTypes.join(',');
  let parsers = identityParsers.get(key);
  if (!parsers) {
    // A live view: array types PGlite adds to its own table later are still found through it.
    parsers = Object.create(db.parsers);
    for (const oid of identityTypes) parsers[oid] = (value) => value;
    identityParsers.set(key, parsers);
  }
  return { ...rest, parsers };
}

/** Data that crosses threads as it is (an error's `queryOptions` hold parser functions). */
const plain = (value) =>
  value === null ||
  ['string', 'number', 'boolean', 'undefined'].includes(typeof value) ||
  (Array.isArray(value) && value.every(plain));

function errorOf(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  // DatabaseError's fields (code, detail, constraint, query, params, …) as plain data.
  const fields = Object.fromEntries(Object.entries(error).filter(([, value]) => plain(value)));
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

/** Posts an answer; one that cannot be cloned is answered with that failure instead. */
function post(message) {
  try {
    port.postMessage(message);
  } catch (error) {
    port.postMessage({ id: message.id, ok: false, error: { message: String(error) } });
  }
}

function reply(id, work) {
  work.then(
    (result) => post({ id, ok: true, result }),
    (error) => post({ id, ok: false, error: errorOf(error) }),
  );
}

function on(tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

/**
 * Opens a PGlite transaction (it holds the database: other queries wait, as in one process) and
 * keeps it open until the caller's `end`. Answers the promise of its end (commit or rollback).
 */
function begin(id) {
  let end;
  let began = false;
  const ended = new Promise((resolve, reject) => (end = { resolve, reject }));
  const done = db
    .transaction(async (tx) => {
      const txId = nextTransaction++;
      // `done` is assigned by the time PGlite runs this (after it has the database).
      transactions.set(txId, { tx, end, ended: () => done });
      began = true;
      port.postMessage({ id, ok: true, result: txId });
      await ended;
    })
    .catch((error) => {
      if (error !== ROLLBACK) throw error;
    });
  // A transaction that could not begin answers its begin with the error (an ended one answers
  // through its `end`).
  done.catch((error) => {
    if (!began) port.postMessage({ id, ok: false, error: errorOf(error) });
  });
  return done;
}

port.on('message', (message) => {
  const { id, op } = message;
  try {
    if (op === 'query') {
      const target = on(message.tx);
      const options = optionsOf(message.options);
      const inTransaction = message.tx !== undefined;
      reply(
        id,
        prepared.wants(message.sql)
          ? prepared.query(message.sql, message.params, options, inTransaction)
          : target.query(message.sql, message.params, options),
      );
    } else if (op === 'exec') {
      prepared.forgetAll();
      reply(id, on(message.tx).exec(message.sql, optionsOf(message.options)));
    } else if (op === 'begin') {
      begin(id);
    } else if (op === 'end') {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`transaction ${message.tx} is not open`);
      transactions.delete(message.tx);
      if (message.commit) open.end.resolve();
      else open.end.reject(ROLLBACK);
      reply(id, open.ended());
    } else if (op === 'dump') {
      reply(
        id,
        db.dumpDataDir('none').then(async (tarball) => new Uint8Array(await tarball.arrayBuffer())),
      );
    } else if (op === 'close') {
      reply(id, db.close());
    } else {
      throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    port.postMessage({ id, ok: false, error: errorOf(error) });
  }
});

// Prepared statements are planned anew on each call, as unnamed ones were: PostgreSQL's
// generic plans saved CPU but left the 500 msg/s tail two to three times longer (decision 0028).
db.waitReady
  .then(() => db.exec('SET plan_cache_mode = force_custom_plan'))
  .then(
    () => port.postMessage({ id: 0, ok: true, result: 'ready' }),
    (error) => port.postMessage({ id: 0, ok: false, error: errorOf(error) }),
  );
