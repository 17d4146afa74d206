import { authHeaders } from './api-client';

/** GET /api/auth/me with the stored session: its body when it answers ok, null when it answers otherwise. */
function askServer(): Promise<unknown> {
  return fetch('/api/auth/me', { headers: authHeaders(), credentials: 'include' }).then((res) => (res.ok ? res.json() : null));
}

let early: { sessionId: string; answer: Promise<unknown>; body?: { value: unknown } } | undefined;

/**
 * Sends the session check as soon as the app's code runs, before React's first render (it used to wait for the first
 * paint, ~0.4 s on a loaded machine), for the auth provider to take (`takeSessionCheck`). Resolves once it answered.
 */
export function startSessionCheck(sessionId: string): Promise<unknown> {
  const started: NonNullable<typeof early> = { sessionId, answer: askServer() };
  early = started;
  return started.answer.then(
    (value) => (started.body = { value }),
    () => undefined, // taken later; not an unhandled rejection meanwhile
  );
}

/** The body the early check for `sessionId` has already answered, if it has (the answer stays to take). */
export function answeredSessionCheck(sessionId: string): { value: unknown } | undefined {
  return early?.sessionId === sessionId ? early.body : undefined;
}

/** The answer for `sessionId`: the one started early (once) when it was for this session, else a new request. */
export function takeSessionCheck(sessionId: string): Promise<unknown> {
  const started = early;
  early = undefined;
  return started?.sessionId === sessionId ? started.answer : askServer();
}

/** Forgets the early check (its answer was used as it came). */
export function dropSessionCheck(): void {
  early = undefined;
}
