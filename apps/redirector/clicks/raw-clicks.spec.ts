import { describe, expect, it } from '@jest/globals';
import { END, mintClicks, rawClick } from './raw-clicks.js';

const LINK = '3f2b8c1e-9d4a-4e6b-8f0c-2a1d5e7b9c40';

describe('raw click records', () => {
  it('mint the click the redirect made: proxy hop, host, agent, referer, QR and variant', () => {
    const records =
      rawClick(
        LINK,
        1_700_000_000_123,
        '198.51.100.7, 203.0.113.9',
        '::ffff:127.0.0.1',
        'curl/8',
        'https://t.co/x',
        'Links.Example.com:8080',
        '?qr=1',
        -1,
      ) + rawClick(LINK, 1_700_000_000_456, undefined, '::ffff:192.0.2.1', undefined, undefined, undefined, '', 2);
    const { clicks, malformed } = mintClicks(records, 1);
    expect(malformed).toBe(0);
    expect(clicks).toEqual([
      {
        linkId: LINK,
        atMs: 1_700_000_000_123,
        ip: '203.0.113.9',
        userAgent: 'curl/8',
        referer: 'https://t.co/x',
        host: 'links.example.com',
        qr: true,
      },
      { linkId: LINK, atMs: 1_700_000_000_456, ip: '192.0.2.1', userAgent: '', referer: '', host: '', variant: 2 },
    ]);
  });

  it('ignore X-Forwarded-For without a trusted proxy and cut long agents and referers at 512 characters', () => {
    const long = 'a'.repeat(600);
    const { clicks } = mintClicks(rawClick(LINK, 1, '198.51.100.7', '192.0.2.1', long, long, 'x', '?a=1&qr=10', -1), 0);
    expect(clicks[0]).toMatchObject({ ip: '192.0.2.1', host: 'x' });
    expect(clicks[0].userAgent).toHaveLength(512);
    expect(clicks[0].referer).toHaveLength(512);
    expect(clicks[0].qr).toBeUndefined();
  });

  it('count a record with the wrong number of fields as malformed and keep the others', () => {
    const good = rawClick(LINK, 5, undefined, '192.0.2.1', 'ua', '', 'x', '', -1);
    const { clicks, malformed } = mintClicks(`${good}broken${END}${good}`, 0);
    expect(malformed).toBe(1);
    expect(clicks).toHaveLength(2);
  });
});
