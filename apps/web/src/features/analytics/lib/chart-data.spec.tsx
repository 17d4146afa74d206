import { dailyTotals, trendSeries } from './chart-data';
import { linkDomain } from './link-domain';

const points = [
  {
    date: '2026-11-20',
    linkData: [
      { linkId: 'a', linkName: 'A', clicks: 2 },
      { linkId: 'b', linkName: 'B', clicks: 5 },
    ],
  },
  {
    date: '2026-11-21',
    linkData: [
      { linkId: 'a', linkName: 'A', clicks: 4 },
      { linkId: 'c', linkName: 'C', clicks: 0 },
    ],
  },
];

describe('chart data', () => {
  it('sums clicks per day', () => {
    expect(dailyTotals(points)).toEqual([
      { date: '2026-11-20', clicks: 7 },
      { date: '2026-11-21', clicks: 4 },
    ]);
  });
  it('keeps the top links by clicks in range, with zeros for missing days', () => {
    const { series, rows } = trendSeries(points, 5);
    expect(series.map((s) => s.name)).toEqual(['A', 'B']);
    expect(rows).toEqual([
      { date: '2026-11-20', a: 2, b: 5 },
      { date: '2026-11-21', a: 4, b: 0 },
    ]);
    expect(trendSeries(points, 1).series.map((s) => s.id)).toEqual(['a']);
  });
});

describe('performance table', () => {
  it("shows the product's own short host for default-domain links", () => {
    expect(linkDomain({ domain: null, shortUrl: 'http://s.example.com:8080/s/x' })).toBe('s.example.com:8080');
    expect(linkDomain({ domain: 'go.brand.com', shortUrl: 'http://go.brand.com/x' })).toBe('go.brand.com');
  });
});
