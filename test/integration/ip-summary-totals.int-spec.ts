import { randomUUID } from 'node:crypto';
import { createEnricher, ingestClicks } from '@app/clicks';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession, approvedUser } from '../helpers/auth.js';
import { BROWSER_UA } from '../helpers/user-agents.js';

/**
 * IP Analytics' Countries, Cities and Recent Activity cards show true totals: 130 addresses from 130 countries and
 * cities in the last 7 days, while the lists stay capped at 100 rows.
 */
const N = 130;
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
});

afterAll(async () => {
  await api?.close();
});

it('answers the totals beside the capped lists', async () => {
  const res = await api.call('GET', '/api/admin/ip-summary?timezoneOffset=0', { session: await adminSession(api) });
  expect(res.status).toBe(200);
  expect(res.body.totalUniqueIPs).toBe(N);
  expect(res.body.ipsByCountry).toHaveLength(100);
  expect(res.body.ipsByCity).toHaveLength(100);
  expect(res.body.recentIPs).toHaveLength(100);
  expect(res.body.totalCountries).toBe(N);
  expect(res.body.totalCities).toBe(N);
  expect(res.body.totalRecentIPs).toBe(N);
});
