import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { createEnricher, ingestClicks } from '@app/clicks';
import { localDateString } from '@app/time';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession, approvedUser } from '../helpers/auth.js';

/** Exports parsed back, authorization of every analytics route, and 400s for bad input. */
let api: TestApi;
let alice: string;
let bob: string;
let admin: string;
const ids: Record<string, string> = {};
const NAMES = {
  formula: '=HYPERLINK("http://evil.example","click")',
  comma: 'Spring sale, "big" one',
  script: '<script>alert(1)</script> & co',
};

/** RFC 4180 rows (quoted cells with doubled quotes, CRLF), parsed by csv-parse. */
const parseCsv = (text: string): string[][] => parse(text, { relaxColumnCount: true });

beforeAll(async () => {
  api = await startTestApi();
  const a = await approvedUser(api, 'alice');
  alice = a.sessionId;
  bob = (await approvedUser(api, 'bob')).sessionId;
  admin = await adminSession(api);
  for (const [key, name] of Object.entries(NAMES)) {
    ids[key] = randomUUID();
    await api.dataSource.query(
      `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, now(), now())`,
      [ids[key], a.user.id, name, `c-${key}`, `https://example.com/${key}?a=1&b=2`],
    );
  }
  const enricher = createEnricher({});
  const at = (s: string) => new Date(s).toISOString();
  const clicks = [
    ...Array.from({ length: 3 }, (_, i) => ({ linkId: ids.formula, at: at(`2026-03-02T1${i}:00:00Z`) })),
    ...Array.from({ length: 5 }, (_, i) => ({ linkId: ids.comma, at: at(`2026-03-03T0${i}:00:00Z`) })),
    { linkId: ids.script, at: at('2026-02-01T00:00:00Z') },
  ].map((c) =>
    enricher.enrich({
      ...c,
      id: randomUUID(),
      ip: '8.8.8.8',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
      referer: '',
      host: 'localhost',
    }),
  );
  await ingestClicks(api.dataSource, clicks);
});

afterAll(async () => {
  await api?.close();
});

const range = '?timezoneOffset=-330&startDate=2026-03-01&endDate=2026-03-05';

describe('exports', () => {
  it('CSV: RFC 4180, attachment named for today, formula cells neutralised, commas and quotes kept', async () => {
    const res = await fetch(`${api.baseUrl}/api/export/csv${range}`, { headers: { authorization: `Bearer ${alice}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="performance-${localDateString(new Date(), -330)}.csv"`);
    const text = await res.text();
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0].slice(0, 7)).toEqual(['Link Name', 'Short URL', 'Original URL', 'Domain', 'Owner', 'Clicks in Range', 'Total Clicks']);
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byName.get(`'${NAMES.formula}`)?.[5]).toBe('3');
    expect(byName.get(NAMES.comma)?.slice(5, 7)).toEqual(['5', '5']);
    expect(byName.get(NAMES.script)?.slice(5, 7)).toEqual(['0', '1']);
    expect(byName.get(NAMES.comma)?.[2]).toBe('https://example.com/comma?a=1&b=2');
    expect(rows).toHaveLength(4);
  });

  it('JSON: the report with totals', async () => {
    const res = await fetch(`${api.baseUrl}/api/export/json${range}`, { headers: { authorization: `Bearer ${alice}` } });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="performance-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = await res.json();
    expect(body).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-05',
      timezoneOffset: -330,
      totals: { links: 3, clicksInRange: 8, clickCount: 9 },
    });
    expect(body.links.map((l: any) => l.name)).toEqual([NAMES.comma, NAMES.formula, NAMES.script]);
  });

  it('HTML: a standalone page with escaped text, an SVG chart and a strict CSP', async () => {
    const res = await fetch(`${api.baseUrl}/api/export/html${range}`, { headers: { authorization: `Bearer ${alice}` } });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(html).toContain('Spring sale, &quot;big&quot; one');
    expect(html).toContain('<svg');
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
  });

  it('unknown format → 400', async () => {
    const res = await api.call('GET', '/api/export/xml', { session: alice });
    expect(res).toMatchObject({ status: 400, body: { statusCode: 400, message: 'Unknown export format "xml": use csv, json or html.' } });
  });
});

describe('authorization', () => {
  it("another user's link, an unknown id and a malformed id are all 404", async () => {
    for (const path of [`/api/links/${ids.comma}/analytics`, `/api/links/${randomUUID()}/analytics`, '/api/links/not-a-uuid/analytics']) {
      const res = await api.call('GET', path, { session: bob });
      expect(res).toMatchObject({ status: 404, body: { message: 'Link not found.' } });
    }
    expect((await api.call('GET', `/api/links/${ids.comma}/analytics`, { session: admin })).status).toBe(200);
    expect((await api.call('GET', `/api/links/${ids.comma}/analytics`, { session: alice })).status).toBe(200);
  });

  it('a user sees only their own numbers', async () => {
    const res = await api.call('GET', `/api/analytics/performance${range}`, { session: bob });
    expect(res.body).toEqual([]);
    const stats = await api.call('GET', '/api/analytics/stats', { session: bob });
    expect(stats.body).toEqual({ clicksToday: 0, clicksThisWeek: 0, totalClicks: 0, totalLinks: 0 });
  });

  it('admin-only → 403, no session → 401', async () => {
    expect((await api.call('GET', '/api/admin/ip-summary', { session: alice })).status).toBe(403);
    for (const path of [
      '/api/analytics/stats',
      '/api/analytics/trends',
      '/api/export/csv',
      `/api/links/${ids.comma}/analytics`,
      '/api/admin/ip-summary',
    ]) {
      expect((await api.call('GET', path)).status).toBe(401);
    }
  });
});

describe('bad input → 400 with a clear message', () => {
  const cases: [string, string][] = [
    [
      '/api/analytics/trends?startDate=2026-02-30&endDate=2026-03-01',
      'startDate must be a date like 2026-11-22 or an ISO timestamp, got "2026-02-30".',
    ],
    ['/api/analytics/daily-summary?startDate=2026-03-05&endDate=2026-03-01', 'endDate must not be before startDate.'],
    ['/api/analytics/performance?startDate=2024-01-01&endDate=2025-06-01', 'A date range can span at most one year.'],
    ['/api/analytics/geographic?startDate=2026-03-01', 'Give both startDate and endDate, or neither.'],
    ['/api/analytics/stats?timezoneOffset=abc', 'timezoneOffset must be a whole number of minutes, like -330 or 480.'],
    ['/api/analytics/stats?timezoneOffset=7', 'timezoneOffset must be between -840 and 840 minutes and a multiple of 15.'],
    ['/api/analytics/recent-ip-activity?days=10', 'days must be 7, 14 or 30.'],
    ['/api/analytics/recent-ip-activity?limit=0', 'limit must be a whole number from 1 to 100.'],
    ['/api/analytics/recent-ip-activity?limit=101', 'limit must be a whole number from 1 to 100.'],
    ['/api/analytics/recent-ip-activity?page=-1', 'page must be a whole number from 1 to 100000.'],
    ['/api/export/csv?endDate=yesterday&startDate=2026-01-01', 'endDate must be a date like 2026-11-22 or an ISO timestamp, got "yesterday".'],
  ];
  it.each(cases)('%s', async (path, message) => {
    const res = await api.call('GET', path, { session: alice });
    expect(res).toMatchObject({ status: 400, body: { statusCode: 400, message } });
  });
  it('unknown and repeated parameters are refused', async () => {
    expect((await api.call('GET', '/api/analytics/stats?foo=1', { session: alice })).status).toBe(400);
    expect((await api.call('GET', '/api/analytics/stats?timezoneOffset=0&timezoneOffset=60', { session: alice })).status).toBe(400);
  });
  it('recent IP activity pages', async () => {
    const res = await api.call('GET', '/api/analytics/recent-ip-activity?days=14&page=2&limit=5', { session: alice });
    expect(res.body).toMatchObject({ data: [], page: 2, limit: 5 });
  });
});
