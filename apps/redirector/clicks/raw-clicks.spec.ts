import { describe, expect, it } from '@jest/globals';
import { decodeClickBatch, parseClickEvent } from '@app/clicks';
import { encodeRawClicks, END, rawClick, splitRecords } from './raw-clicks.js';

const LINK = '3f2b8c1e-9d4a-4e6b-8f0c-2a1d5e7b9c40';
const BATCH = 'abcdef01-2345-4678-9abc-def000000000';

/** What the worker reads from the job the click thread adds: the records through JSON, decoded and validated. */
function asWorkerSees(records: string, trustProxy: number) {
  const job = JSON.parse(JSON.stringify(encodeRawClicks(BATCH, splitRecords(records), trustProxy)));
  const decoded = decodeClickBatch(job);
  if (!decoded.ok) throw new Error(decoded.reason);
  return decoded.clicks.map((c) => {
    const parsed = parseClickEvent(c);
    return parsed.ok ? parsed.click : parsed.reason;
  });
}

describe('raw click records', () => {
  it('become the click the redirect made: proxy hop, host, agent, referer, QR and variant', () => {
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
      ) + rawClick(LINK, 1_700_000_000_056, undefined, '::ffff:192.0.2.1', undefined, undefined, undefined, '', 2);
    expect(asWorkerSees(records, 1)).toEqual([
      {
        id: 'abcdef01-2345-4678-9abc-def000000000',
        linkId: LINK,
        at: '2023-11-14T22:13:20.123Z',
        ip: '203.0.113.9',
        userAgent: 'curl/8',
        referer: 'https://t.co/x',
        host: 'links.example.com',
        qr: true,
      },
      {
        id: 'abcdef01-2345-4678-9abc-def000000001',
        linkId: LINK,
        at: '2023-11-14T22:13:20.056Z',
        ip: '192.0.2.1',
        userAgent: '',
        referer: '',
        host: '',
        variant: 2,
      },
    ]);
  });

  it('ignore X-Forwarded-For without a trusted proxy and cut long agents and referers at 512 characters', () => {
    const long = 'a'.repeat(600);
    const [click] = asWorkerSees(rawClick(LINK, 1_700_000_000_000, '198.51.100.7', '192.0.2.1', long, long, 'x', '?a=1&qr=10', -1), 0);
    expect(click).toMatchObject({ ip: '192.0.2.1', host: 'x' });
    if (typeof click === 'string') throw new Error(click);
    expect(click.userAgent).toHaveLength(512);
    expect(click.referer).toHaveLength(512);
    expect(click.qr).toBeUndefined();
  });

  it('turn a record with the wrong number of fields into an invalid click, keeping the others and their ids', () => {
    const good = rawClick(LINK, 1_700_000_000_005, undefined, '192.0.2.1', 'ua', '', 'x', '', -1);
    const clicks = asWorkerSees(`${good}broken${END}${good}`, 0);
    expect(clicks).toHaveLength(3);
    expect(typeof clicks[1]).toBe('string');
    expect(clicks[0]).toMatchObject({ id: 'abcdef01-2345-4678-9abc-def000000000', ip: '192.0.2.1' });
    expect(clicks[2]).toMatchObject({ id: 'abcdef01-2345-4678-9abc-def000000002', ip: '192.0.2.1' });
  });
});
