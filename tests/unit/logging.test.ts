import { describe, expect, it } from 'vitest';
import { errorForLog, requestUrlForLog, statementShape } from '../../server/logging';

// server/logging.ts: what a log line may say about a request and an error. The API test (tests/api/privacy.test.ts)
// proves it on a real server; these pin the shapes, including the pg driver's error, which PGlite does not raise.

describe('the log picture of an error', () => {
  it('keeps what locates a database error and drops the values PostgreSQL and the driver attach', () => {
    // As pg's DatabaseError: the failing row in `detail`, the context in `where`.
    const error = Object.assign(new Error('invalid input syntax for type uuid: "owner@example.test"'), {
      code: '22P02',
      severity: 'ERROR',
      table: 'transfers',
      constraint: 'transfers_note_check',
      detail: 'Failing row contains (3f1c…, Coffee for Maria, key-123).',
      where: 'PL/pgSQL function post_transfer line 12',
      // As PGlite's error: the statement and its parameters.
      query: "select * from transfers where note = $1 and kind = 'wallet' limit 20",
      params: ['Coffee for Maria', 'GR1601101250000000012300695'],
    });
    const logged = errorForLog(error);
    expect(logged).toMatchObject({
      type: 'Error',
      code: '22P02',
      severity: 'ERROR',
      table: 'transfers',
      constraint: 'transfers_note_check',
      statement: "select * from transfers where note = $1 and kind = '?' limit ?",
    });
    const text = JSON.stringify(logged);
    for (const value of ['owner@example.test', 'Coffee for Maria', 'key-123', 'GR16011', 'post_transfer']) {
      expect(text).not.toContain(value);
    }
    expect(logged.stack.split('\n')[0]).toBe('Error: invalid input syntax for type uuid: "…"');
  });

  it('masks emails, IBANs, ids and long numbers in any message, through its causes', () => {
    const cause = new Error('550 mailbox owner@example.test unknown');
    const error = new Error(
      'delivery of 4f1c2d3e-1111-4222-8333-123456789abc to GR16 0110 1250 0000 0001 2300 695 failed: code 123456',
      { cause },
    );
    const logged = errorForLog(error);
    expect(logged.message).toBe('delivery of [id] to [iban] failed: code [number]');
    expect(logged.cause).toMatchObject({ message: '550 mailbox [email] unknown' });
    expect(errorForLog('a string')).toMatchObject({ type: 'string' });
  });

  it('shapes a statement without its literals, cut at 300 characters', () => {
    expect(statementShape("UPDATE x SET a = 'it''s', b = 42\n  WHERE id = $1")).toBe(
      "UPDATE x SET a = '?', b = ? WHERE id = $1",
    );
    expect(statementShape(`SELECT ${'a, '.repeat(200)}b`).length).toBeLessThanOrEqual(301);
  });
});

describe('the log picture of a request', () => {
  it('is the route pattern and the names of the query parameters, never their values', () => {
    expect(
      requestUrlForLog({
        url: '/api/merchants/invitations/by-key/SECRETKEY123/?to=a%40b.test&limit=5',
        routeOptions: { url: '/api/merchants/invitations/by-key/:key/' },
      }),
    ).toBe('/api/merchants/invitations/by-key/:key/?to&limit');
  });

  it('keeps only the words of a path no route has', () => {
    expect(requestUrlForLog({ url: '/api/merchants/nothing/owner@example.test/12345678/?q=x' })).toBe(
      '/api/merchants/nothing/*/*/?q',
    );
  });
});
