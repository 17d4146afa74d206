import { scaledBars, topByIps } from './ip-summary';

describe('IP summary', () => {
  it('scales bars to the maximum day', () => {
    expect(
      scaledBars([
        { date: 'a', newIPs: 2 },
        { date: 'b', newIPs: 8 },
        { date: 'c', newIPs: 0 },
      ]).map((b) => b.percent),
    ).toEqual([25, 100, 0]);
    expect(scaledBars([{ date: 'a', newIPs: 0 }])[0].percent).toBe(0);
  });
  it('keeps the top 8 by unique IPs', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ country: `C${i}`, ipCount: i, clickCount: 1 }));
    expect(topByIps(rows).map((r) => r.ipCount)).toEqual([11, 10, 9, 8, 7, 6, 5, 4]);
  });
});
