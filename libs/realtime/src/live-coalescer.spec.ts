import { jest } from '@jest/globals';
import type { LiveClicksEvent } from '@app/contracts';
import { LiveCoalescer } from './live-coalescer.js';
import { parseSummary } from './live-channel.js';

describe('LiveCoalescer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('emits the first delta at once, merges the rest of the interval per link, then goes idle', () => {
    const sent: [string, LiveClicksEvent][] = [];
    const c = new LiveCoalescer((room, e) => sent.push([room, e]), 250);
    c.add('user:1', [{ linkId: 'a', clicks: 1, lastClick: '2025-01-01T00:00:00.000Z' }]);
    expect(sent).toEqual([['user:1', { links: [{ linkId: 'a', clicks: 1, lastClick: '2025-01-01T00:00:00.000Z' }] }]]);

    c.add('user:1', [{ linkId: 'a', clicks: 2, lastClick: '2025-01-01T00:00:02.000Z' }]);
    c.add('user:1', [
      { linkId: 'a', clicks: 3, lastClick: '2025-01-01T00:00:01.000Z' },
      { linkId: 'b', clicks: 1, lastClick: '2025-01-01T00:00:03.000Z' },
    ]);
    c.add('user:2', [{ linkId: 'c', clicks: 5, lastClick: '2025-01-01T00:00:04.000Z' }]);
    expect(sent).toHaveLength(2);
    jest.advanceTimersByTime(249);
    expect(sent).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(sent[2]).toEqual([
      'user:1',
      {
        links: [
          { linkId: 'a', clicks: 5, lastClick: '2025-01-01T00:00:02.000Z' },
          { linkId: 'b', clicks: 1, lastClick: '2025-01-01T00:00:03.000Z' },
        ],
      },
    ]);
    jest.advanceTimersByTime(1000);
    expect(sent).toHaveLength(3);
    expect(c.activeRooms).toBe(0);
  });

  it('never emits more than once per interval per room under a steady stream', () => {
    let emits = 0;
    const c = new LiveCoalescer(() => emits++, 250);
    for (let ms = 0; ms < 1000; ms += 10) {
      c.add('admins', [{ linkId: 'a', clicks: 1, lastClick: new Date(ms).toISOString() }]);
      jest.advanceTimersByTime(10);
    }
    expect(emits).toBeLessThanOrEqual(5);
    c.close();
  });
});

describe('parseSummary', () => {
  it('keeps well-formed links and drops the rest', () => {
    const ok = { linkId: 'l', ownerId: 'o', clicks: 2, lastClick: '2025-01-01T00:00:00.000Z' };
    expect(parseSummary(JSON.stringify({ links: [ok, { linkId: 1 }, null] }))).toEqual({ links: [ok] });
    expect(parseSummary('not json')).toBeNull();
    expect(parseSummary('{"links":5}')).toBeNull();
  });
});
