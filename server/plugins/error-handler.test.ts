import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, NotFoundError } from '../errors';
import { streamErrorOf } from './error-handler';

describe('the error event of a stream that is already open', () => {
  it('says the database is unavailable when PostgreSQL refused or timed out, not that KAI failed', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(streamErrorOf(refused).code).toBe('database_unavailable');
    expect(streamErrorOf(new Error('Query read timeout')).code).toBe('database_unavailable');
    expect(streamErrorOf(new DatabaseUnavailableError()).message).toMatch(/try again in a few seconds/);
  });

  it('keeps a typed refusal and hides everything else', () => {
    expect(streamErrorOf(new NotFoundError('Chat session not found', 'session_not_found'))).toEqual({
      code: 'session_not_found',
      message: 'Chat session not found',
    });
    expect(streamErrorOf(new Error('relation "secret_table" does not exist'))).toEqual({
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
});
