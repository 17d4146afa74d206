import { readSessionId } from './session-storage';
import { ianaTimeZone } from './timezone';
import { withWorkspace } from './workspace-storage';

/** Query-string values: null/undefined are skipped (docs/product.md#calls). */
export type QueryParams = Record<string, string | number | boolean | readonly string[] | null | undefined>;

let inFlight = 0;
let settledWaiters: (() => void)[] = [];

/** Counts a request while it runs, so logout can wait for the ones already sent with the session. */
function tracked(request: Promise<Response>): Promise<Response> {
  inFlight++;
  return request.finally(() => {
    inFlight--;
    if (inFlight === 0) {
      const waiters = settledWaiters;
      settledWaiters = [];
      for (const resolve of waiters) resolve();
    }
  });
}

/** Resolves once no API request is running (or after `timeoutMs`). */
export function requestsSettled(timeoutMs = 3000): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    settledWaiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Auth headers: bearer session id when one exists (docs/product.md#roles). */
export function authHeaders(): Record<string, string> {
  const id = readSessionId();
  return id ? { Authorization: `Bearer ${id}` } : {};
}

/**
 * Path plus query string. Every call that sends `timezoneOffset` (analytics, exports, links) also sends the browser's
 * IANA zone as `timeZone`, so the server counts local days across daylight-saving changes exactly. Every
 * workspace-scoped call (this file is the one place) carries the chosen workspace (`withWorkspace`).
 */
export function buildUrl(path: string, params?: QueryParams): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) qs.append(key, v);
    else qs.append(key, String(value));
  }
  const zone = qs.has('timezoneOffset') && !qs.has('timeZone') ? ianaTimeZone() : undefined;
  if (zone) qs.append('timeZone', zone);
  const query = qs.toString();
  return withWorkspace(query ? `${path}?${query}` : path);
}

/** docs/product.md#messages: any non-ok response becomes Error(`${status}: ${body text || status text}`). */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/**
 * The server's `message` from an error made by throwIfNotOk, when the body was `{statusCode, message}`. Undefined when
 * no response arrived (network down: the browser's "Failed to fetch"), so callers show their catalogue fallback.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  try {
    const body = JSON.parse(match[1]) as { message?: unknown };
    if (Array.isArray(body.message)) return body.message.join(', ');
    if (typeof body.message === 'string') return body.message;
  } catch {
    /* not JSON */
  }
  return match[1] || undefined;
}

export interface GetOptions {
  params?: QueryParams;
  /** Return null instead of throwing on 401. */
  returnNull?: boolean;
  signal?: AbortSignal;
}

/** A signed-in GET of a built URL: the one way this client sends one (apiGet, prefetchGet, apiFetch). */
const sendGet = (url: string, signal?: AbortSignal): Promise<Response> =>
  tracked(fetch(url, { headers: authHeaders(), credentials: 'include', signal }));

/** A GET sent before the screen that reads it rendered (`prefetchGet`); `answered`: its ok body, once in. */
interface EarlyGet {
  response: Promise<Response>;
  answered?: { value: unknown };
}
/** Early GETs by URL; each is taken once: by `takePrefetched` (its answer) or by `apiGet` (its response). */
const early = new Map<string, EarlyGet>();

/**
 * Sends a GET now, for the screen that reads it to take instead of asking again: a landing page's first read goes out
 * with the session check (App), not after the app's first render.
 */
export function prefetchGet(path: string, params?: QueryParams): void {
  const url = buildUrl(path, params);
  if (early.has(url)) return;
  const sent: EarlyGet = { response: sendGet(url) };
  sent.response
    .then((res) => (res.ok ? (res.clone().json() as Promise<unknown>) : undefined))
    .then(
      (value) => {
        if (value !== undefined) sent.answered = { value };
      },
      () => undefined, // apiGet takes the failure; not an unhandled rejection meanwhile
    );
  early.set(url, sent);
}

/**
 * The ok body of a prefetched GET that has already answered, else undefined; once taken, later reads ask the server.
 * A query's `initialData`: the page is drawn with it in its first render, not one render later.
 */
export function takePrefetched<T>(path: string, params?: QueryParams): T | undefined {
  const url = buildUrl(path, params);
  const answered = early.get(url)?.answered;
  if (answered) early.delete(url);
  return answered?.value as T | undefined;
}

/** Generic query: GET a path with params, JSON back. */
export async function apiGet<T>(path: string, options: GetOptions = {}): Promise<T> {
  const url = buildUrl(path, options.params);
  const sent = early.get(url)?.response;
  early.delete(url);
  const res = await (sent ?? sendGet(url, options.signal));
  if (options.returnNull && res.status === 401) return null as T;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** Generic mutation: method + JSON body when given. Empty responses resolve to undefined. */
export async function apiSend<T = unknown>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const res = await tracked(
    fetch(withWorkspace(path), {
      method,
      // FormData (file uploads) goes as multipart: the browser sets its Content-Type with the boundary.
      headers: { ...authHeaders(), ...(body !== undefined && !(body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}) },
      body: body instanceof FormData ? body : body !== undefined ? JSON.stringify(body) : undefined,
      credentials: 'include',
    }),
  );
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Raw GET with auth headers (downloads). */
export async function apiFetch(path: string, params?: QueryParams): Promise<Response> {
  const res = await sendGet(buildUrl(path, params));
  await throwIfNotOk(res);
  return res;
}
