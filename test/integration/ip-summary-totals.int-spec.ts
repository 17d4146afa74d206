import { randomUUID } from 'node:crypto';
import { createEnricher, ingestClicks } from '@app/clicks';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession, approvedUser } from '../helpers/auth.js';
import { BROWSER_UA } from '../helpers/user-agents.js';

/**
 * IP Analytics' Countries, Cities and Recent Activity cards show true totals: 130 addresses from 130 countries and
 * cities in the last 7 days, while the lists stay capped at 100 rows; the recent count is exact at the 7-day edge.
 */
const N = 130;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  const owner = await approvedUser(api, 'ipowner');
  const linkId = randomUUID();
  await api.dataSource.query(
    `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at) VALUES ($1, $2, 'IPs', 'ipcount', 'https://example.com/', now(), now())`,
    [linkId, owner.user.id],
  );
  const enricher = createEnricher({});
  const at = new Date(Date.now() - 3_600_000).toISOString();
  const clicks = Array.from({ length: N }, (_, i) => ({
    ...enricher.enrich({
      id: randomUUID(),
      linkId,
      at,
      ip: `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      userAgent: BROWSER_UA,
      referer: '',
      host: 'localhost',
    }),
    countryCode: `C${i}`,
    country: `Country ${i}`,
    region: null,
    city: `City ${i}`,
  }));
  expect((await ingestClicks(api.dataSource, clicks)).inserted).toBe(N);

  // Addresses around the 7-day edge, with no place: last seen 7 days + 1 hour ago (not recent), 7 days − 1 hour ago
  // (recent, on the partial first day or a whole one, depending on the time of day), 3 days ago, and 10 days ago
  // then again 2 hours ago (moved into the window by a later click).
  const clickAt = (ip: string, agoMs: number) => ({
    ...enricher.enrich({
      id: randomUUID(),
      linkId,
      at: new Date(Date.now() - agoMs).toISOString(),
      ip,
      userAgent: BROWSER_UA,
      referer: '',
      host: 'x',
    }),
    countryCode: null,
    country: null,
    region: null,
    city: null,
  });
  const edge = [
    ...Array.from({ length: 20 }, (_, i) => clickAt(`203.0.113.${i + 1}`, 7 * DAY + HOUR)),
    ...Array.from({ length: 15 }, (_, i) => clickAt(`203.0.114.${i + 1}`, 7 * DAY - HOUR)),
    ...Array.from({ length: 5 }, (_, i) => clickAt(`203.0.116.${i + 1}`, 3 * DAY)),
    ...Array.from({ length: 10 }, (_, i) => clickAt(`203.0.115.${i + 1}`, 10 * DAY)),
  ];
  expect((await ingestClicks(api.dataSource, edge)).inserted).toBe(50);
  const again = Array.from({ length: 10 }, (_, i) => clickAt(`203.0.115.${i + 1}`, 2 * HOUR));
  expect((await ingestClicks(api.dataSource, again)).inserted).toBe(10);
});

afterAll(async () => {
  await api?.close();
});

it('answers the totals beside the capped lists', async () => {
  const res = await api.call('GET', '/api/admin/ip-summary?timezoneOffset=0', { session: await adminSession(api) });
  expect(res.status).toBe(200);
  expect(res.body.totalUniqueIPs).toBe(N + 50);
  expect(res.body.ipsByCountry).toHaveLength(100);
  expect(res.body.ipsByCity).toHaveLength(100);
  expect(res.body.recentIPs).toHaveLength(100);
  expect(res.body.totalCountries).toBe(N);
  expect(res.body.totalCities).toBe(N);
  // Seen in the last 7 days: the 130, 15 just inside the edge, 5 from 3 days ago and the 10 seen again.
  expect(res.body.totalRecentIPs).toBe(N + 15 + 5 + 10);
});
