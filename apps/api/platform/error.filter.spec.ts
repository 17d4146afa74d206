import { ErrorFilter } from './error.filter.js';
import { AppError } from '@app/contracts';

function respond(exception: unknown) {
  const out: { status?: number; body?: unknown } = {};
  const res = { headersSent: false, status: (s: number) => ((out.status = s), res), json: (b: unknown) => ((out.body = b), res) };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => ({ id: 'r1', path: '/api/x' }) }) };
  const log = { error: () => undefined } as any;
  new ErrorFilter(log).catch(exception, host as any);
  return out;
}

describe('ErrorFilter', () => {
  it('keeps AppError status and message', () => {
    expect(respond(new AppError(409, 'Taken.'))).toEqual({ status: 409, body: { statusCode: 409, message: 'Taken.' } });
  });
  it('answers 503 when Postgres is unreachable, not 500', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(respond(refused).status).toBe(503);
    expect(respond(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })).status).toBe(503);
    expect(respond(new Error('Connection terminated unexpectedly')).status).toBe(503);
  });
  it('answers 400 for values Postgres cannot parse and 500 for the unknown', () => {
    expect(respond(Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' })).status).toBe(400);
    expect(respond(new Error('boom'))).toEqual({
      status: 500,
      body: { statusCode: 500, message: 'Something went wrong on our side. Please try again.' },
    });
  });
});
