import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiFetch, apiGet, apiSend, buildUrl, prefetchGet, requestsSettled, serverMessage, takePrefetched } from './api-client';

function mockFetch(status: number, body: string, statusText = '') {
  const res = {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => body,
    json: async () => JSON.parse(body),
    clone: () => res,
  };
  const fn = jest.fn(async (..._args: unknown[]) => res);
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

describe('api client', () => {
  afterEach(() => localStorage.clear());

  it('requestsSettled waits for the requests already running (logout ends the session after them)', async () => {
    let answer!: (res: unknown) => void;
    globalThis.fetch = jest.fn(() => new Promise((resolve) => (answer = resolve))) as unknown as typeof fetch;
    const pending = apiGet('/api/links');
    let settled = false;
    const waiting = requestsSettled().then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    answer({ ok: true, status: 200, statusText: '', text: async () => '[]', json: async () => [] });
    await expect(pending).resolves.toEqual([]);
    await waiting;
    expect(settled).toBe(true);
    await expect(requestsSettled()).resolves.toBeUndefined();
  });

  it("a prefetched GET is taken once by the apiGet of the same URL (My Links' first page, sent with the session check)", async () => {
    const fn = mockFetch(200, '{"data":[]}');
    prefetchGet('/api/links', { limit: 25, page: 1 });
    prefetchGet('/api/links', { limit: 25, page: 1 });
    expect(fn).toHaveBeenCalledTimes(1);
    await expect(apiGet('/api/links', { params: { limit: 25, page: 1 } })).resolves.toEqual({ data: [] });
    expect(fn).toHaveBeenCalledTimes(1);
    await apiGet('/api/links', { params: { limit: 25, page: 1 } });
    await apiGet('/api/links', { params: { limit: 25, page: 2 } });
    expect(fn.mock.calls.map(([url]) => url)).toEqual(['/api/links?limit=25&page=1', '/api/links?limit=25&page=1', '/api/links?limit=25&page=2']);
  });

  it('a prefetched GET that answered is taken once as data (a first render draws it), then the server is asked again', async () => {
    const fn = mockFetch(200, '{"data":[1]}');
    expect(takePrefetched('/api/links', { limit: 25 })).toBeUndefined();
    prefetchGet('/api/links', { limit: 25 });
    expect(takePrefetched('/api/links', { limit: 25 })).toBeUndefined(); // not answered yet: stays for apiGet
    await new Promise((r) => setTimeout(r, 0));
    expect(takePrefetched('/api/links', { limit: 25 })).toEqual({ data: [1] });
    expect(takePrefetched('/api/links', { limit: 25 })).toBeUndefined();
    await apiGet('/api/links', { params: { limit: 25 } });
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('a prefetched GET that failed is not data: apiGet takes the failure', async () => {
    mockFetch(500, 'boom');
    prefetchGet('/api/links', { limit: 5 });
    await new Promise((r) => setTimeout(r, 0));
    expect(takePrefetched('/api/links', { limit: 5 })).toBeUndefined();
    await expect(apiGet('/api/links', { params: { limit: 5 } })).rejects.toThrow('500: boom');
  });

  it('skips null and undefined query params', () => {
    expect(buildUrl('/api/x', { a: 1, b: null, c: undefined, d: 'x y' })).toBe('/api/x?a=1&d=x+y');
    expect(buildUrl('/api/x', { b: null })).toBe('/api/x');
  });

  it('turns a non-ok response into "{status}: {body}"', async () => {
    mockFetch(409, '{"statusCode":409,"message":"Short code already taken"}');
    await expect(apiGet('/api/links')).rejects.toThrow('409: {"statusCode":409,"message":"Short code already taken"}');
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(503, '', 'Service Unavailable');
    await expect(apiSend('POST', '/api/links', {})).rejects.toThrow('503: Service Unavailable');
  });

  it('returns null on 401 when asked, throws otherwise', async () => {
    mockFetch(401, 'nope');
    await expect(apiGet('/api/auth/me', { returnNull: true })).resolves.toBeNull();
    await expect(apiGet('/api/auth/me')).rejects.toThrow('401: nope');
  });

  it('sends the bearer session and credentials', async () => {
    localStorage.setItem('sessionId', 'abc');
    const fn = mockFetch(200, '[]');
    await apiGet('/api/links', { params: { timezoneOffset: -60 } });
    const [url, init] = fn.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/links?timezoneOffset=-60&timeZone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`);
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('sends the browser IANA zone beside every timezoneOffset (analytics and exports count local days in it)', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const fn = mockFetch(200, '[]');
    await apiGet('/api/analytics/daily-summary', { params: { timezoneOffset: -60, startDate: '2026-10-22' } });
    await apiFetch('/api/export/csv', { timezoneOffset: -60 });
    await apiGet('/api/domains');
    const urls = fn.mock.calls.map(([url]) => String(url));
    expect(urls[0]).toBe(`/api/analytics/daily-summary?timezoneOffset=-60&startDate=2026-10-22&timeZone=${encodeURIComponent(zone)}`);
    expect(urls[1]).toBe(`/api/export/csv?timezoneOffset=-60&timeZone=${encodeURIComponent(zone)}`);
    expect(urls[2]).toBe('/api/domains');
  });

  it('reads the server message out of an error', () => {
    expect(serverMessage(new Error('400: {"statusCode":400,"message":"originalUrl must be a URL"}'))).toBe('originalUrl must be a URL');
    expect(serverMessage(new Error('500: oops'))).toBe('oops');
    // No response arrived: the caller's catalogue fallback applies, never the browser's own text.
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toBeUndefined();
  });
});
