import { randomUUID } from 'node:crypto';
import { createEnricher, ingestClicks } from '@app/clicks';
import { SECRET_CONTENT, SECRET_DESTINATION, SECRET_NAME, secretLinkOwner } from '../helpers/secret-link.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * An `analytics:read` API key reads counts, not links (docs/security.md#api-keys), in every analytics answer that
 * labels by link, as in performance and the exports (analytics-key-scope.int-spec.ts): trends' `linkName`, the link
 * breakdown's labels (the link id), recent IP activity's `linkName` and one link's analytics are counted and name no link and no
 * destination; breakdowns by tag or UTM (link content themselves) are refused. A key with `links:read` too, and a
 * signed-in user, still read the names.
 */
const CAMPAIGN = 'q3-stealth-campaign';
const CONTENT = [...SECRET_CONTENT, CAMPAIGN, 'launch-tag'];
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('analytics:read keys read no link names in trends, breakdowns, IP activity and link analytics', () => {
  let api: TestApi;
  let session: string;
  let analyticsKey: string;
  let bothKey: string;
  let linkId: string;
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const leaks = (body: unknown) => CONTENT.filter((c) => JSON.stringify(body).includes(c));

  beforeAll(async () => {
    api = await startTestApi();
    ({ session, linkId, analyticsKey, bothKey } = await secretLinkOwner(api, 'labels-owner', { utm: { campaign: CAMPAIGN }, tags: ['launch-tag'] }));
    const enricher = createEnricher({});
    const at = new Date(Date.now() - 60_000).toISOString();
    const clicks = ['81.2.69.142', '8.8.8.8', '8.8.8.8'].map((ip, i) =>
      enricher.enrich({ id: randomUUID(), linkId, at, ip, userAgent: CHROME, referer: '', host: 'localhost:8080', variant: i % 2 }),
    );
    expect((await ingestClicks(api.dataSource, clicks)).inserted).toBe(3);
  }, 60_000);
  afterAll(() => api?.close());

  it("trends: each link's clicks with linkName null, also in the compared period", async () => {
    const res = await api.call('GET', '/api/analytics/trends?compare=previous', bearer(analyticsKey));
    expect(res.status).toBe(200);
    const today = res.body[res.body.length - 1];
    expect(today.linkData).toEqual([{ linkId, linkName: null, clicks: 3 }]);
    expect(today.previous.linkData).toEqual([{ linkId, linkName: null, clicks: 0 }]);
    expect(leaks(res.body)).toEqual([]);
  });

  it('the link breakdown labels each link by its id; by tag or UTM it is refused', async () => {
    const res = await api.call('GET', '/api/analytics/breakdown?dimension=link', bearer(analyticsKey));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dimension: 'link', total: 3, items: [{ value: linkId, label: linkId, clicks: 3 }] });
    for (const dimension of ['tag', 'utmSource', 'utmMedium', 'utmCampaign']) {
      const refused = await api.call('GET', `/api/analytics/breakdown?dimension=${dimension}`, bearer(analyticsKey));
      expect({ dimension, body: refused.body }).toEqual({
        dimension,
        body: { statusCode: 403, message: 'Tags and UTM parameters are link content: this API key needs the links:read scope.' },
      });
    }
  });

  it('recent IP activity: each IP and link with linkName null', async () => {
    const res = await api.call('GET', '/api/analytics/recent-ip-activity', bearer(analyticsKey));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(
      res.body.data.map((r: { linkId: string; linkName: string | null; clickCount: number }) => [r.linkId, r.linkName, r.clickCount]).sort(),
    ).toEqual([
      [linkId, null, 1],
      [linkId, null, 2],
    ]);
    expect(leaks(res.body)).toEqual([]);
  });

  it("one link's analytics: counts, the short address, name and originalUrl null, no UTM, variants without their URLs", async () => {
    const res = await api.call('GET', `/api/links/${linkId}/analytics`, bearer(analyticsKey));
    expect(res.status).toBe(200);
    expect(res.body.link).toEqual({
      id: linkId,
      name: null,
      originalUrl: null,
      createdAt: expect.any(String),
      domain: null,
      shortCode: expect.any(String),
      shortUrl: expect.stringContaining('/s/'),
    });
    expect(res.body.totalClicks).toBe(3);
    expect(res.body.variantSplit).toEqual([
      { variant: 0, url: null, weight: 50, clicks: 2 },
      { variant: 1, url: null, weight: 50, clicks: 1 },
    ]);
    expect(leaks(res.body)).toEqual([]);
  });

  it('a key with links:read too, and a signed-in user, read the names', async () => {
    for (const auth of [bearer(bothKey), { session }]) {
      const trends = (await api.call('GET', '/api/analytics/trends', auth)).body;
      expect(trends[trends.length - 1].linkData).toEqual([{ linkId, linkName: SECRET_NAME, clicks: 3 }]);
      expect((await api.call('GET', '/api/analytics/breakdown?dimension=link', auth)).body.items).toEqual([
        { value: linkId, label: SECRET_NAME, clicks: 3 },
      ]);
      expect((await api.call('GET', '/api/analytics/breakdown?dimension=utmCampaign', auth)).body.items).toEqual([
        { value: CAMPAIGN, label: CAMPAIGN, clicks: 3 },
      ]);
      expect((await api.call('GET', '/api/analytics/recent-ip-activity', auth)).body.data[0].linkName).toBe(SECRET_NAME);
      const one = (await api.call('GET', `/api/links/${linkId}/analytics`, auth)).body;
      expect(one.link).toMatchObject({ name: SECRET_NAME, originalUrl: SECRET_DESTINATION, utm: { campaign: CAMPAIGN } });
      expect(one.variantSplit.map((v: { url: string }) => v.url)).toEqual(['https://variant.example.com/a', 'https://variant.example.com/b']);
    }
  });
});
