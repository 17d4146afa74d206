import { ReadGate } from './read-gate.js';

const later = () => {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { done, release };
};

describe('ReadGate', () => {
  it('runs at most `slots` at once, the others in the order they came', async () => {
    const gate = new ReadGate(2);
    const order: string[] = [];
    const holds = [later(), later(), later(), later()];
    const runs = holds.map((h, i) =>
      gate.run(async () => {
        order.push(`start ${i}`);
        await h.done;
        order.push(`end ${i}`);
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['start 0', 'start 1']);
    holds[1].release();
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['start 0', 'start 1', 'end 1', 'start 2']);
    holds[0].release();
    holds[2].release();
    holds[3].release();
    await Promise.all(runs);
    expect(order.filter((o) => o.startsWith('start'))).toEqual(['start 0', 'start 1', 'start 2', 'start 3']);
  });

  it('refuses work that waited maxWaitMs with busy(), and the slot it would have had goes on to the next', async () => {
    const gate = new ReadGate(1, { maxWaitMs: 30, busy: () => new Error('busy now') });
    const first = later();
    const running = gate.run(() => first.done);
    await expect(gate.run(async () => 'never')).rejects.toThrow('busy now');
    const next = gate.run(async () => 'ran');
    first.release();
    await running;
    await expect(next).resolves.toBe('ran');
    await expect(gate.run(async () => 'alone')).resolves.toBe('alone');
  });
});
