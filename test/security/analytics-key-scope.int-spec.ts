import { SECRET_CONTENT, SECRET_DESTINATION, SECRET_NAME, secretLinkOwner } from '../helpers/secret-link.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * An `analytics:read` API key reads counts, not links (issue 35, docs/security.md#api-keys): without `links:read` the
 * performance table and the performance export give each link's id, short code, short URL and counts, with `name` and
 * `originalUrl` null and the rest of the link's content (destinations of rules and variants, expiry page, UTM, preview,
 * tags) left out. A key with both scopes, and a signed-in user, see the whole link.
 */
describe('analytics:read keys do not read link names and destinations', () => {
  let api: TestApi;
  let session: string;
  let analyticsKey: string;
  let bothKey: string;
  let linkId: string;
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    api = await startTestApi();
    ({ session, linkId, analyticsKey, bothKey } = await secretLinkOwner(api, 'scope-owner', { tags: ['launch'] }));
  }, 60_000);
  afterAll(() => api?.close());

  const leaks = (text: string) => SECRET_CONTENT.filter((c) => text.includes(c));

  it('performance (whole and paged): ids, short URLs and counts; name and originalUrl null; nothing else of the link', async () => {
    const whole = await api.call('GET', '/api/analytics/performance', bearer(analyticsKey));
    expect(whole.status).toBe(200);
    expect(whole.body).toHaveLength(1);
    expect(whole.body[0]).toEqual({
      id: linkId,
      shortCode: expect.any(String),
      shortUrl: expect.stringContaining('/s/'),
      domain: null,
      domainId: null,
      name: null,
      originalUrl: null,
      clickCount: 0,
      clicksToday: 0,
      clicksInRange: 0,
      createdAt: expect.any(String),
      lastClick: null,
      archived: false,
    });
    const paged = await api.call('GET', '/api/analytics/performance?page=1&limit=10', bearer(analyticsKey));
    expect(paged.status).toBe(200);
    expect(paged.body.data[0]).toMatchObject({ id: linkId, name: null, originalUrl: null });
    expect(leaks(JSON.stringify([whole.body, paged.body]))).toEqual([]);
  });

  it('the performance export in every format names no link and no destination', async () => {
    for (const format of ['csv', 'json', 'html']) {
      const res = await api.call('GET', `/api/export/${format}`, bearer(analyticsKey));
      expect({ format, status: res.status }).toEqual({ format, status: 200 });
      expect({ format, leaks: leaks(typeof res.body === 'string' ? res.body : JSON.stringify(res.body)) }).toEqual({ format, leaks: [] });
    }
    const csv = String((await api.call('GET', '/api/export/csv', bearer(analyticsKey))).body)
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/^"","http:\/\/[^"]+\/s\/[^"]+","",/); // Link Name and Original URL empty, the short URL given
  });

  it('a key with links:read too, and a signed-in user, see the whole link', async () => {
    for (const auth of [bearer(bothKey), { session }]) {
      const rows = (await api.call('GET', '/api/analytics/performance', auth)).body;
      expect(rows[0]).toMatchObject({ id: linkId, name: SECRET_NAME, originalUrl: SECRET_DESTINATION, tags: ['launch'] });
      const csv = String((await api.call('GET', '/api/export/csv', auth)).body);
      expect(csv).toContain(SECRET_NAME);
      expect(csv).toContain(SECRET_DESTINATION);
    }
  });
});
