import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { attachErrorListener, isDatabaseUnavailable } from './connection-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a lost, refused or timed-out connection', () => {
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'all addresses failed'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('leaves query errors and other failures alone', () => {
    for (const error of [
      withCode('syntax error at or near "x"', '42601'),
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('canceling statement due to statement timeout', '57014'),
      new Error('Connection terminated by the user: something else'),
      new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED 10.0.0.1:443', 'ECONNREFUSED') }),
      'Connection terminated unexpectedly',
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe('attachErrorListener', () => {
  it('turns an error event into a call instead of a throw, once per client', () => {
    const client = new EventEmitter();
    const seen: string[] = [];
    attachErrorListener(client, (error) => seen.push(error.message));
    attachErrorListener(client, (error) => seen.push(`again ${error.message}`));
    expect(() => client.emit('error', new Error('Connection terminated unexpectedly'))).not.toThrow();
    expect(seen).toEqual(['Connection terminated unexpectedly']);
  });

  it('is what stands between an error event and a crash', () => {
    expect(() => new EventEmitter().emit('error', new Error('Connection terminated unexpectedly'))).toThrow();
  });
});
