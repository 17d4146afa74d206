import { describe, expect, it } from '@jest/globals';
import { decodeClickBatch, parseClickEvent } from '@app/clicks';
import { appendRawClick, encodeRawClicks, RAW_FIELDS, rawClicksOf, type RawClick } from './raw-clicks.js';

const LINK = '3f2b8c1e-9d4a-4e6b-8f0c-2a1d5e7b9c40';
const BATCH = 'abcdef01-2345-4678-9abc-def000000000';

/** What the worker reads from the job the click thread adds: the message, through JSON, decoded and validated. */
function asWorkerSees(fields: unknown[], trustProxy: number) {
  const message = structuredClone(fields);
  const job = JSON.parse(JSON.stringify(encodeRawClicks(BATCH, rawClicksOf(message), trustProxy)));
  const decoded = decodeClickBatch(job);
  if (!decoded.ok) throw new Error(decoded.reason);
  return decoded.clicks.map((c) => {
    const parsed = parseClickEvent(c);
    return parsed.ok ? parsed.click : parsed.reason;
  });
}

function messageOf(...clicks: RawClick[]): unknown[] {
  const fields: unknown[] = [];
  for (const c of clicks) appendRawClick(fields, c);
  return fields;
}

const visit = (over: Partial<RawClick>): RawClick => ({
  linkId: LINK,
  atMs: 1_700_000_000_000,
  forwardedFor: undefined,
  remoteAddress: '192.0.2.1',
  userAgent: 'ua',
  referer: '',
  host: 'x',
  query: '',
  variant: -1,
  acceptLanguage: undefined,
  ...over,
});

describe('raw clicks', () => {
  it('become the click the redirect made: proxy hop, host, agent, referer, QR and variant', () => {
    const message = messageOf(
      visit({
        atMs: 1_700_000_000_123,
        forwardedFor: '198.51.100.7, 203.0.113.9',
        remoteAddress: '::ffff:127.0.0.1',
        userAgent: 'curl/8',
        referer: 'https://t.co/x',
        host: 'Links.Example.com:8080',
        query: '?qr=1',
      }),
      visit({ atMs: 1_700_000_000_056, remoteAddress: '::ffff:192.0.2.1', userAgent: undefined, referer: undefined, host: undefined, variant: 2 }),
    );
    expect(message).toHaveLength(2 * RAW_FIELDS);
    expect(asWorkerSees(message, 1)).toEqual([
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
    const [click] = asWorkerSees(messageOf(visit({ forwardedFor: '198.51.100.7', userAgent: long, referer: long, query: '?a=1&qr=10' })), 0);
    expect(click).toMatchObject({ ip: '192.0.2.1', host: 'x' });
    if (typeof click === 'string') throw new Error(click);
    expect(click.userAgent).toHaveLength(512);
    expect(click.referer).toHaveLength(512);
    expect(click.qr).toBeUndefined();
  });

  it('carry the Accept-Language header unparsed, cut at 64 characters, and no language when none was sent', () => {
    const long = `pt-BR,${'x'.repeat(100)}`;
    const clicks = asWorkerSees(messageOf(visit({ acceptLanguage: 'de-CH, de;q=0.9' }), visit({}), visit({ acceptLanguage: long })), 0);
    expect(clicks[0]).toMatchObject({ acceptLanguage: 'de-CH, de;q=0.9' });
    expect(clicks[1]).not.toHaveProperty('acceptLanguage');
    expect(clicks[2]).toMatchObject({ acceptLanguage: long.slice(0, 64) });
  });

  it('turn values of the wrong type into an invalid click, keeping the others and their ids', () => {
    const message = messageOf(visit({ atMs: 1_700_000_000_005 }), visit({}), visit({ atMs: 1_700_000_000_007 }));
    message[RAW_FIELDS + 1] = 'not a time';
    const clicks = asWorkerSees(message, 0);
    expect(clicks).toHaveLength(3);
    expect(typeof clicks[1]).toBe('string');
    expect(clicks[0]).toMatchObject({ id: 'abcdef01-2345-4678-9abc-def000000000', ip: '192.0.2.1', at: '2023-11-14T22:13:20.005Z' });
    expect(clicks[2]).toMatchObject({ id: 'abcdef01-2345-4678-9abc-def000000002', ip: '192.0.2.1', at: '2023-11-14T22:13:20.007Z' });
  });
});
