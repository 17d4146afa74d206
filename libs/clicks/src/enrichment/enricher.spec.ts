import { randomUUID } from 'node:crypto';
import type { ClickEvent } from '@app/contracts';
import { anonymizeIp } from './anonymize-ip.js';
import { createEnricher } from './enricher.js';
import { parseClickEvent } from './parse-click-event.js';
import { primaryLanguage } from './language.js';
import { referrerHost } from './referrer.js';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const click = (over: Partial<ClickEvent> = {}): ClickEvent => ({
  id: randomUUID(),
  linkId: randomUUID(),
  at: '2025-03-01T10:00:00.000Z',
  ip: '81.2.69.160',
  userAgent: CHROME_WINDOWS,
  referer: '',
  host: 'localhost:8080',
  ...over,
});

describe('click enrichment', () => {
  const enricher = createEnricher();

  it('locates 81.2.69.160 in Great Britain from the real GeoLite2 file', () => {
    const e = enricher.enrich(click());
    expect(e.countryCode).toBe('GB');
    expect(e.country).toBe('United Kingdom');
    expect(e.ip).toBe('81.2.69.160');
  });

  it('gives nulls for private, loopback and malformed addresses without throwing', () => {
    for (const ip of ['10.0.0.1', '127.0.0.1', '::1', 'not-an-ip', '']) {
      const e = enricher.enrich(click({ ip }));
      expect([e.countryCode, e.country, e.region, e.city]).toEqual([null, null, null, null]);
    }
  });

  it('reads IPv4-mapped IPv6 socket addresses as IPv4', () => {
    const e = enricher.enrich(click({ ip: '::ffff:81.2.69.160' }));
    expect(e.ip).toBe('81.2.69.160');
    expect(e.countryCode).toBe('GB');
  });

  it('parses a Chrome on Windows agent as Chrome / Windows / desktop', () => {
    const e = enricher.enrich(click());
    expect([e.browser, e.os, e.device, e.isBot]).toEqual(['Chrome', 'Windows', 'desktop', false]);
  });

  it('parses an iPhone agent as a mobile device on iOS', () => {
    const e = enricher.enrich(click({ userAgent: IPHONE }));
    expect([e.browser, e.os, e.device]).toEqual(['Mobile Safari', 'iOS', 'mobile']);
  });

  it('flags crawlers as bots, and an empty agent as unknown but not a bot', () => {
    expect(enricher.enrich(click({ userAgent: GOOGLEBOT })).isBot).toBe(true);
    const empty = enricher.enrich(click({ userAgent: '' }));
    expect([empty.browser, empty.os, empty.device, empty.isBot]).toEqual([null, null, 'desktop', false]);
  });

  it('keeps the referrer host only, lowercased without www.', () => {
    expect(enricher.enrich(click({ referer: 'https://WWW.Google.com/search?q=x' })).referrer).toBe('google.com');
    expect(referrerHost('https://t.co/abc')).toBe('t.co');
    expect(referrerHost('')).toBeNull();
    expect(referrerHost('not a url')).toBeNull();
  });

  it('keeps the primary tag of the first accepted language, lowercased; none without a header', () => {
    expect(enricher.enrich(click({ acceptLanguage: 'pt-BR,pt;q=0.9,en;q=0.8' })).language).toBe('pt');
    expect(enricher.enrich(click()).language).toBeNull();
    expect(primaryLanguage('EN-us')).toBe('en');
    expect(primaryLanguage('fr;q=0, de')).toBe('de');
    expect(primaryLanguage('*')).toBeNull();
    expect(primaryLanguage(' , 1234, x-klingon')).toBeNull();
  });

  it('anonymises after the geo lookup when configured: IPv4 to /24, IPv6 to /48', () => {
    const anon = createEnricher({ ipAnonymize: true });
    const e = anon.enrich(click());
    expect(e.ip).toBe('81.2.69.0');
    expect(e.countryCode).toBe('GB');
    expect(anonymizeIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(anonymizeIp('2001:db8::1')).toBe('2001:db8:0::');
    expect(anonymizeIp('::1')).toBe('0:0:0::');
    expect(anonymizeIp('garbage')).toBe('garbage');
  });
});

describe('parseClickEvent', () => {
  it('accepts a well-formed click and normalises the instant', () => {
    const c = click({ at: '2025-03-01T11:00:00+01:00' });
    const r = parseClickEvent(c);
    expect(r).toEqual({ ok: true, click: { ...c, at: '2025-03-01T10:00:00.000Z' } });
  });

  it('drops NUL characters, which Postgres text cannot store', () => {
    const r = parseClickEvent(click({ userAgent: 'Mozilla\u0000/5.0', referer: '\u0000' }));
    expect(r.ok && [r.click.userAgent, r.click.referer]).toEqual(['Mozilla/5.0', '']);
  });

  it('says why a click is refused', () => {
    expect(parseClickEvent(null)).toEqual({ ok: false, reason: 'click is not an object' });
    expect(parseClickEvent({ ...click(), id: 'x' })).toEqual({ ok: false, reason: 'id must be a UUID' });
    const id = randomUUID();
    expect(parseClickEvent({ ...click({ id }), linkId: 5 })).toEqual({ ok: false, reason: `click ${id}: linkId must be a UUID` });
    expect(parseClickEvent(click({ id, at: 'yesterday' }))).toEqual({ ok: false, reason: `click ${id}: at must be an ISO instant` });
    expect(parseClickEvent({ ...click({ id }), ip: 42 })).toEqual({ ok: false, reason: `click ${id}: ip must be a string` });
    const { ip: _ip, ...noIp } = click({ id });
    expect(parseClickEvent(noIp)).toEqual({ ok: false, reason: `click ${id}: ip is missing` });
  });
});
