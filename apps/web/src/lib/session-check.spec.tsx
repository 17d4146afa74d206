import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { answeredSessionCheck, startSessionCheck, takeSessionCheck } from './session-check';

const me = { id: 'u1', username: 'ann', isAdmin: false, isApproved: true };

function serveMe(status = 200) {
  const fn = jest.fn(async (..._args: unknown[]) => ({ ok: status === 200, status, json: async () => me }));
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

describe('session check', () => {
  afterEach(() => localStorage.clear());

  it('the check started at startup is the one the app uses: one request with the stored session', async () => {
    localStorage.setItem('sessionId', 's1');
    const fetchMock = serveMe();
    const answered = startSessionCheck('s1');
    expect(answeredSessionCheck('s1')).toBeUndefined();
    await answered;
    expect(answeredSessionCheck('s1')).toEqual({ value: me });
    expect(answeredSessionCheck('s2')).toBeUndefined();
    await expect(takeSessionCheck('s1')).resolves.toEqual(me);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/me');
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).toEqual({ Authorization: 'Bearer s1' });
  });

  it('asks again for another session, and after the early answer was taken', async () => {
    localStorage.setItem('sessionId', 's2');
    const fetchMock = serveMe();
    void startSessionCheck('s1');
    await takeSessionCheck('s2');
    await takeSessionCheck('s2');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('answers null when the server refuses the session', async () => {
    localStorage.setItem('sessionId', 'stale');
    serveMe(401);
    await expect(takeSessionCheck('stale')).resolves.toBeNull();
  });
});
