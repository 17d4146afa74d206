import { pageItems, showingRange } from './page-items';

describe('pageItems', () => {
  it('lists every page up to 7 pages', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });
  it('uses one ellipsis near the start or the end', () => {
    expect(pageItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });
  it('uses two ellipses in the middle, around the current page', () => {
    expect(pageItems(5, 8)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8]);
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
  });
  it('always shows the first, last and current page, at most 7 items, in increasing order', () => {
    for (let total = 1; total <= 30; total++) {
      for (let page = 1; page <= total; page++) {
        const items = pageItems(page, total);
        const numbers = items.filter((i): i is number => typeof i === 'number');
        expect(items.length).toBeLessThanOrEqual(7);
        expect(numbers).toContain(1);
        expect(numbers).toContain(total);
        expect(numbers).toContain(page);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      }
    }
  });
});

describe('showingRange', () => {
  it('gives the X to Y of a page', () => {
    expect(showingRange(1, 10, 73)).toEqual({ from: 1, to: 10 });
    expect(showingRange(8, 10, 73)).toEqual({ from: 71, to: 73 });
    expect(showingRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
