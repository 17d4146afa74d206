import { jest } from '@jest/globals';
import type { ClickEvent } from '@app/contracts';
import { ClickBatcher, type ClickSink } from './click-batcher.js';

const click = (n: number): ClickEvent => ({
  id: `c${n}`,
  linkId: 'l1',
  at: '2026-01-01T00:00:00.000Z',
  ip: '1.2.3.4',
  userAgent: '',
  referer: '',
  host: 'h',
});

/** A sink that stores batches, and fails while `down` is true. */
function fakeSink() {
  const jobs = new Map<string, ClickEvent[]>();
  const sink = {
    down: false,
    attempts: 0,
    jobs,
    async send(batchId: string, clicks: ClickEvent[]) {
      sink.attempts++;
      if (sink.down) throw new Error('Redis is down');
      jobs.set(batchId, [...clicks]);
    },
    async close() {},
  };
  return sink satisfies ClickSink;
}
const stored = (s: ReturnType<typeof fakeSink>) => [...s.jobs.values()].flat().map((c) => c.id);

describe('ClickBatcher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('flushes a full batch at once and the rest after flushMs, one job per batch', async () => {
    const sink = fakeSink();
    const b = new ClickBatcher(sink, { batchSize: 3, flushMs: 25, bufferMax: 1000 });
    for (let i = 0; i < 4; i++) b.add(click(i));
    await jest.advanceTimersByTimeAsync(0);
    expect([...sink.jobs.values()].map((j) => j.length)).toEqual([3]);
    await jest.advanceTimersByTimeAsync(25);
    expect([...sink.jobs.values()].map((j) => j.length)).toEqual([3, 1]);
    expect(b.stats()).toMatchObject({ accepted: 4, flushed: 4, buffered: 0, dropped: 0, batches: 2 });
  });

  it('keeps batches while the sink fails and delivers each click once when it is back', async () => {
    const sink = fakeSink();
    sink.down = true;
    const b = new ClickBatcher(sink, { batchSize: 2, flushMs: 10, bufferMax: 1000, retryMinMs: 100, retryMaxMs: 400 });
    for (let i = 0; i < 5; i++) b.add(click(i));
    await jest.advanceTimersByTimeAsync(2000);
    expect(sink.jobs.size).toBe(0);
    expect(b.stats()).toMatchObject({ buffered: 5, flushed: 0, dropped: 0 });
    const attemptsWhileDown = sink.attempts;
    expect(attemptsWhileDown).toBeLessThan(12); // backoff, not a busy loop
    sink.down = false;
    await jest.advanceTimersByTimeAsync(500);
    expect(stored(sink).sort()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
    expect(b.stats()).toMatchObject({ accepted: 5, flushed: 5, buffered: 0, dropped: 0 });
  });

  it('drops the oldest clicks beyond bufferMax and counts them', async () => {
    const sink = fakeSink();
    sink.down = true;
    const dropped: number[] = [];
    const b = new ClickBatcher(sink, { batchSize: 2, flushMs: 10, bufferMax: 4, retryMinMs: 50, onDrop: (n) => dropped.push(n) });
    for (let i = 0; i < 7; i++) {
      b.add(click(i));
      await jest.advanceTimersByTimeAsync(1);
    }
    await jest.advanceTimersByTimeAsync(20);
    expect(b.stats()).toMatchObject({ accepted: 7, buffered: 4, dropped: 3 });
    expect(dropped.reduce((a, n) => a + n, 0)).toBe(3);
    sink.down = false;
    await jest.advanceTimersByTimeAsync(1000);
    expect(stored(sink).sort()).toEqual(['c3', 'c4', 'c5', 'c6']);
  });

  it('flushAndClose delivers what is pending, then refuses new clicks', async () => {
    const sink = fakeSink();
    const b = new ClickBatcher(sink, { batchSize: 100, flushMs: 10_000, bufferMax: 1000 });
    for (let i = 0; i < 3; i++) b.add(click(i));
    const lost = await b.flushAndClose(1000);
    expect(lost).toBe(0);
    expect(stored(sink)).toEqual(['c0', 'c1', 'c2']);
    b.add(click(9));
    expect(b.stats()).toMatchObject({ accepted: 3, flushed: 3, dropped: 1 });
  });

  it('flushAndClose gives up after its timeout and reports the clicks lost', async () => {
    const sink = fakeSink();
    sink.down = true;
    const b = new ClickBatcher(sink, { batchSize: 100, flushMs: 10, bufferMax: 1000 });
    b.add(click(1));
    b.add(click(2));
    const closing = b.flushAndClose(1000);
    await jest.advanceTimersByTimeAsync(1000);
    expect(await closing).toBe(2);
    expect(b.stats()).toMatchObject({ flushed: 0, dropped: 2, buffered: 0 });
  });
});
