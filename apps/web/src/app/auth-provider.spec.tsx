import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { useAuth } from '../lib/auth-context';
import { createQueryClient } from '../lib/query-client';
import { startSessionCheck } from '../lib/session-check';
import { AuthProvider } from './auth-provider';

type Call = { url: string; method: string; auth?: string };

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <span data-testid="state">{auth.isCheckingAuth ? 'checking' : auth.user ? `user:${auth.user.username}` : 'signed-out'}</span>
      <button onClick={() => void auth.logout()}>Logout</button>
    </div>
  );
}

function mount() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const ok = (body: unknown) => ({ ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body });

function serve(me: () => Promise<unknown>, calls: Call[], others: () => Promise<unknown> = async () => ok({})) {
  globalThis.fetch = jest.fn(async (url: unknown, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ url: String(url), method: init?.method ?? 'GET', auth: headers.Authorization });
    if (String(url) === '/api/auth/me') return me();
    return others();
  }) as unknown as typeof fetch;
}

describe('AuthProvider (docs/product.md#states-and-transitions)', () => {
  afterEach(() => localStorage.clear());

  it.each([
    ['a non-ok answer', async () => ({ ok: false, status: 401, statusText: '', text: async () => '', json: async () => ({}) })],
    ['a network error', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('auth check failure by %s logs out, including the server call with the stored session', async (_name, me) => {
    localStorage.setItem('sessionId', 'stale-session');
    const calls: Call[] = [];
    serve(me, calls);
    mount();
    expect(screen.getByTestId('state')).toHaveTextContent('checking');
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('signed-out'));
    expect(localStorage.getItem('sessionId')).toBeNull();
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/auth/logout')).toEqual({ url: '/api/auth/logout', method: 'POST', auth: 'Bearer stale-session' }),
    );
  });

  it('logout shows the login screen at once, even while a request sent with the session is still running', async () => {
    localStorage.setItem('sessionId', 'live-session');
    const calls: Call[] = [];
    let answerSlow!: (v: unknown) => void;
    serve(
      async () => ok({ id: 'u1', username: 'ann', isAdmin: false, isApproved: true }),
      calls,
      (() => new Promise((r) => (answerSlow = r))) as () => Promise<unknown>,
    );
    mount();
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('user:ann'));
    const slow = apiGet('/api/links').catch(() => undefined);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/links')).toBe(true));
    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    // Signed out while the request is still unanswered (before, logout waited up to 3 s for it).
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('signed-out'), { timeout: 1000 });
    expect(localStorage.getItem('sessionId')).toBeNull();
    // The server session ends only after the request already sent with it has answered (no 401 for it).
    expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(false);
    answerSlow(ok([]));
    await slow;
    await waitFor(() => expect(calls.find((c) => c.url === '/api/auth/logout')).toMatchObject({ method: 'POST', auth: 'Bearer live-session' }));
  });

  it('starts signed in, without the checking state, when the session check sent at startup has already answered', async () => {
    localStorage.setItem('sessionId', 'early-session');
    const calls: Call[] = [];
    serve(async () => ok({ id: 'u1', username: 'ann', isAdmin: false, isApproved: true }), calls);
    await startSessionCheck('early-session');
    mount();
    expect(screen.getByTestId('state')).toHaveTextContent('user:ann');
    await act(async () => undefined);
    expect(calls.filter((c) => c.url === '/api/auth/me')).toEqual([{ url: '/api/auth/me', method: 'GET', auth: 'Bearer early-session' }]);
  });

  it('checks as before when the startup check has not answered yet, with that same request', async () => {
    localStorage.setItem('sessionId', 'early-session');
    const calls: Call[] = [];
    let answer!: (v: unknown) => void;
    serve(() => new Promise((r) => (answer = r)), calls);
    void startSessionCheck('early-session');
    mount();
    expect(screen.getByTestId('state')).toHaveTextContent('checking');
    answer(ok({ id: 'u1', username: 'ann', isAdmin: false, isApproved: true }));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('user:ann'));
    expect(calls.filter((c) => c.url === '/api/auth/me')).toHaveLength(1);
  });
});
