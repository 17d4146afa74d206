import { describe, expect, it } from '@jest/globals';
import { DEFAULT_VIEW, pageParams, searchFromView, viewFromSearch } from './list-view';

describe('My Links view in the address', () => {
  it('round-trips a view and leaves defaults out of the address', () => {
    const view = { page: 3, search: 'spring sale', sort: 'clicks' as const, order: 'asc' as const, tags: ['a', 'b c'], archived: true };
    const sp = searchFromView(view);
    expect(sp.toString()).toBe('page=3&search=spring+sale&sort=clicks&order=asc&tag=a&tag=b+c&archived=1');
    expect(viewFromSearch(sp)).toEqual(view);
    expect(searchFromView(DEFAULT_VIEW).toString()).toBe('');
  });

  it('falls back to the defaults for anything it does not know', () => {
    expect(viewFromSearch(new URLSearchParams('page=-2&sort=owner&order=up&archived=yes'))).toEqual(DEFAULT_VIEW);
  });

  it('asks the server for one page of 25 with the view', () => {
    expect(pageParams({ ...DEFAULT_VIEW, page: 2, search: '  x ' })).toEqual({
      limit: 25,
      page: 2,
      search: 'x',
      sort: 'createdAt',
      order: 'desc',
      tags: [],
      archived: 'false',
    });
  });
});
