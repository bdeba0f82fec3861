import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable, unavailabilityOf } from './unavailable';

/** As node-postgres raises a server's error: an Error with the SQLSTATE as `code`. */
const sqlError = (code: string, message = 'error') => Object.assign(new Error(message), { code });
/** As drizzle wraps a driver's error: the statement (with its parameters) and the cause. */
const wrapped = (cause: unknown) =>
  new Error('Failed query: select * from users where email = $1\nparams: a@b.cd', { cause });

describe('isDependencyUnavailable', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    [
      'an administrator shutdown',
      sqlError('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up', sqlError('57P03', 'the database system is starting up')],
    ['a connection exception', sqlError('08006')],
    ['the statement time limit', sqlError('57014', 'canceling statement due to statement timeout')],
    ['too many connections', sqlError('53300')],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['no pooled connection in time', new Error('timeout exceeded when trying to connect')],
    ['a dead connection', new Error('Query read timeout')],
    ['Redis gone', new Error('Connection is closed.')],
    ['Redis silent', new Error('Command timed out')],
    [
      'Redis retries spent',
      Object.assign(new Error('Reached the max retries per request limit'), {
        name: 'MaxRetriesPerRequestError',
      }),
    ],
  ])('%s, also wrapped by drizzle, is unavailability', (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
    expect(isDependencyUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', sqlError('23505')],
    ['a syntax error', sqlError('42601')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
    expect(isDependencyUnavailable(wrapped(error))).toBe(false);
  });

  it('tells the driver’s words, never the wrapped statement and its parameters', () => {
    const error = wrapped(sqlError('57P01', 'terminating connection due to administrator command'));
    expect(unavailabilityOf(error)).toBe(
      '57P01: terminating connection due to administrator command',
    );
  });
});
