import type { ClickEvent } from '@app/contracts';
import { clickIdOf, CompactBatchWriter, decodeClickBatch } from './click-batch-codec.js';
import { parseClickEvent } from '../enrichment/parse-click-event.js';

/** A click before it has an id (ids come from the batch id), its instant in epoch ms. */
type MintedClick = Omit<ClickEvent, 'id' | 'at'> & { atMs: number };

function encodeClickBatch(batchId: string, clicks: readonly MintedClick[]) {
  const w = new CompactBatchWriter();
  for (const c of clicks) w.add(c.linkId, c.atMs, c.ip, c.userAgent, c.referer, c.host, c.qr === true, c.variant ?? -1, c.acceptLanguage ?? '');
  return w.finish(batchId);
}

const LINK_A = '11111111-1111-4111-8111-111111111111';
const LINK_B = '22222222-2222-4222-8222-222222222222';
const BATCH = 'abcdef01-2345-4678-9abc-def0fffffffe';

const minted = (linkId: string, atMs: number, ip: string, userAgent: string, referer = '', host = 'localhost'): MintedClick => ({
  linkId,
  atMs,
  ip,
  userAgent,
  referer,
  host,
});

describe('compact click batch', () => {
  it('round-trips every field, and derives distinct, stable UUID ids from the batch id', () => {
    const t = Date.parse('2026-11-23T15:00:00.123Z');
    const clicks: MintedClick[] = [
      minted(LINK_A, t + 5, '203.0.113.9', 'Mozilla/5.0 (X11; Linux x86_64)\tTab', 'https://ref.example/a b'),
      minted(LINK_B, t, '2001:db8::1', 'curl/8.5.0'),
      minted(LINK_A, t + 1000, '198.51.100.7', 'Mozilla/5.0 (X11; Linux x86_64)\tTab', '', 'go.example'),
      { ...minted(LINK_B, t + 2, '192.0.2.1', 'curl/8.5.0'), qr: true },
      { ...minted(LINK_B, t + 3, '192.0.2.2', 'curl/8.5.0'), variant: 3 },
      { ...minted(LINK_B, t + 4, '192.0.2.3', 'curl/8.5.0'), qr: true, variant: 0 },
    ];
    const encoded = JSON.parse(JSON.stringify(encodeClickBatch(BATCH, clicks)));
    expect(encoded.links).toEqual([LINK_A, LINK_B]);
    const decoded = decodeClickBatch(encoded);
    if (!decoded.ok) throw new Error(decoded.reason);
    const parsed = decoded.clicks.map((c) => parseClickEvent(c));
    expect(parsed.map((p) => (p.ok ? p.click : p.reason))).toEqual([
      {
        id: 'abcdef01-2345-4678-9abc-def0fffffffe',
        linkId: LINK_A,
        at: '2026-11-23T15:00:00.128Z',
        ip: '203.0.113.9',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64)\tTab',
        referer: 'https://ref.example/a b',
        host: 'localhost',
      },
      {
        id: 'abcdef01-2345-4678-9abc-def0ffffffff',
        linkId: LINK_B,
        at: '2026-11-23T15:00:00.123Z',
        ip: '2001:db8::1',
        userAgent: 'curl/8.5.0',
        referer: '',
        host: 'localhost',
      },
      {
        id: 'abcdef01-2345-4678-9abc-def000000000',
        linkId: LINK_A,
        at: '2026-11-23T15:00:01.123Z',
        ip: '198.51.100.7',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64)\tTab',
        referer: '',
        host: 'go.example',
      },
      {
        id: 'abcdef01-2345-4678-9abc-def000000001',
        linkId: LINK_B,
        at: '2026-11-23T15:00:00.125Z',
        ip: '192.0.2.1',
        userAgent: 'curl/8.5.0',
        referer: '',
        host: 'localhost',
        qr: true,
      },
      {
        id: 'abcdef01-2345-4678-9abc-def000000002',
        linkId: LINK_B,
        at: '2026-11-23T15:00:00.126Z',
        ip: '192.0.2.2',
        userAgent: 'curl/8.5.0',
        referer: '',
        host: 'localhost',
        variant: 3,
      },
      {
        id: 'abcdef01-2345-4678-9abc-def000000003',
        linkId: LINK_B,
        at: '2026-11-23T15:00:00.127Z',
        ip: '192.0.2.3',
        userAgent: 'curl/8.5.0',
        referer: '',
        host: 'localhost',
        qr: true,
        variant: 0,
      },
    ]);
    expect(clickIdOf(BATCH, 1)).toBe('abcdef01-2345-4678-9abc-def0ffffffff');
  });

  it('carries each Accept-Language header once, and reads batches queued before languages existed', () => {
    const t = Date.parse('2026-11-23T15:00:00.000Z');
    const clicks: MintedClick[] = [
      { ...minted(LINK_A, t, '192.0.2.1', 'a'), acceptLanguage: 'en-US,en;q=0.9' },
      minted(LINK_A, t, '192.0.2.2', 'a'),
      { ...minted(LINK_A, t, '192.0.2.3', 'a'), acceptLanguage: 'en-US,en;q=0.9', qr: true },
    ];
    const encoded = JSON.parse(JSON.stringify(encodeClickBatch(BATCH, clicks)));
    expect(encoded.languages).toEqual(['en-US,en;q=0.9']);
    const decoded = decodeClickBatch(encoded);
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(decoded.clicks.map((c) => (c as { acceptLanguage?: string }).acceptLanguage)).toEqual(['en-US,en;q=0.9', undefined, 'en-US,en;q=0.9']);
    expect(decoded.clicks[2]).toMatchObject({ qr: true });
    const old = encodeClickBatch(BATCH, [minted(LINK_A, t, '192.0.2.1', 'a')]);
    expect(old).not.toHaveProperty('languages');
    const plain = decodeClickBatch(JSON.parse(JSON.stringify(old)));
    expect(plain.ok && parseClickEvent(plain.clicks[0]).ok).toBe(true);
  });

  it('reads only compact batches, and names what is wrong with a bad one', () => {
    expect(decodeClickBatch({ clicks: [{ id: 'x' }] })).toEqual({ ok: false, reason: 'expected a compact batch (v: 2)' });
    expect(decodeClickBatch({ v: 2, batch: BATCH, t0: 0, links: [], agents: [], referers: [], hosts: [], rows: '' })).toEqual({
      ok: true,
      clicks: [],
    });
    expect(decodeClickBatch('nope')).toEqual({ ok: false, reason: 'expected a compact batch (v: 2)' });
    expect(decodeClickBatch({ v: 2, batch: 'x', t0: 0 })).toEqual({ ok: false, reason: 'compact batch: batch must be a UUID' });
    const broken = decodeClickBatch({ v: 2, batch: BATCH, t0: 0, links: [LINK_A], agents: [''], referers: [''], hosts: [''], rows: '0 0 0' });
    if (!broken.ok) throw new Error(broken.reason);
    expect(parseClickEvent(broken.clicks[0])).toEqual({ ok: false, reason: `click ${BATCH}: at must be an ISO instant` });
  });
});

describe('compact click batch rows sharing a millisecond', () => {
  it('keep their instant around an unreadable row of the same millisecond', () => {
    const encoded = {
      v: 2,
      batch: BATCH,
      t0: Date.parse('2026-11-23T15:00:00.000Z'),
      links: [LINK_A],
      agents: ['ua'],
      referers: [''],
      hosts: ['localhost'],
      rows: '0 0 0 0 7 192.0.2.1\n0 0 0 7\n0 0 0 0 7 192.0.2.2',
    };
    const decoded = decodeClickBatch(encoded);
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(decoded.clicks.map((c) => parseClickEvent(c).ok)).toEqual([true, false, true]);
    expect((decoded.clicks[2] as { at: string }).at).toBe('2026-11-23T15:00:00.007Z');
  });
});
