import { parseClickEvent } from './parse-click-event.js';

const now = new Date('2026-11-23T12:00:00Z');
const click = (at: string) => ({ id: '0b6f3c1e-6a1e-4c8e-9b3a-1f2e3d4c5b6a', linkId: '1b6f3c1e-6a1e-4c8e-9b3a-1f2e3d4c5b6a', at, ip: '1.2.3.4' });

describe('parseClickEvent timestamps (strict)', () => {
  it('refuses impossible dates and times, years outside the product, and clicks more than 5 minutes ahead', () => {
    for (const at of [
      '2026-02-30T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-11-23T24:00:00Z',
      '2026-11-23T10:60:00Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '2026-11-23T12:06:00Z',
      '2026-11-23T13:00:00+00:30',
    ]) {
      const r = parseClickEvent(click(at), now);
      expect({ at, ok: r.ok }).toEqual({ at, ok: false });
    }
  });

  it('accepts real instants in any offset, up to 5 minutes ahead (clock skew)', () => {
    for (const at of ['2026-11-23T11:59:00Z', '2024-02-29T10:00:00Z', '2026-11-23T13:04:00+01:00', '2026-11-23T12:04:59.123Z']) {
      const r = parseClickEvent(click(at), now);
      expect({ at, ok: r.ok }).toEqual({ at, ok: true });
    }
  });
});

describe('parseClickEvent canonical instants (the form the redirector sends)', () => {
  it('keeps a real YYYY-MM-DDTHH:MM:SS.mmmZ instant as it is and refuses impossible ones in that form', () => {
    const r = parseClickEvent(click('2024-02-29T23:59:59.999Z'), now);
    expect(r.ok && r.click.at).toBe('2024-02-29T23:59:59.999Z');
    for (const at of ['2025-02-29T10:00:00.000Z', '2026-11-23T10:00:60.000Z', '2026-11-23T1a:00:00.000Z', '1999-12-31T23:59:59.999Z']) {
      expect({ at, ok: parseClickEvent(click(at), now).ok }).toEqual({ at, ok: false });
    }
  });

  it('writes every other accepted form as that canonical instant', () => {
    const r = parseClickEvent(click('2026-11-23T13:04:00+01:00'), now);
    expect(r.ok && r.click.at).toBe('2026-11-23T12:04:00.000Z');
  });
});
