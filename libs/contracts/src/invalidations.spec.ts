import { DOMAINS_CHANGED_MESSAGE, linkInvalidation, parseInvalidation } from './invalidations.js';

describe('invalidation messages', () => {
  it('read back what the links lib publishes', () => {
    expect(parseInvalidation(linkInvalidation('links.example.com', 'Ab3dE6'))).toEqual({ kind: 'link', host: 'links.example.com', code: 'Ab3dE6' });
    expect(parseInvalidation(DOMAINS_CHANGED_MESSAGE)).toEqual({ kind: 'domains' });
  });

  it('are null for anything else', () => {
    for (const m of ['', 'not json', 'null', '42', '{"host":"x"}', '{"host":1,"code":"a"}', '{"domains":"yes"}'])
      expect(parseInvalidation(m)).toBeNull();
  });
});
