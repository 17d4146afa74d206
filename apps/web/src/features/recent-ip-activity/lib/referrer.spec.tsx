import { classifyReferrer, distinctReferrers, referrerLabel } from './referrer';

describe('classifyReferrer', () => {
  it('classifies social sites', () => {
    for (const r of [
      'https://www.facebook.com/',
      'https://t.co/abc',
      'x.com',
      'https://l.instagram.com/x',
      'https://www.linkedin.com/feed',
      'https://old.reddit.com/r/x',
    ]) {
      expect(classifyReferrer(r)).toBe('social');
    }
  });
  it('classifies google search', () => {
    expect(classifyReferrer('https://www.google.com/')).toBe('google');
    expect(classifyReferrer('www.google.co.uk')).toBe('google');
  });
  it('classifies anything else as other and nothing as none', () => {
    expect(classifyReferrer('https://news.ycombinator.com/')).toBe('other');
    expect(classifyReferrer('https://notfacebook.com/')).toBe('other');
    expect(classifyReferrer(null)).toBe('none');
    expect(classifyReferrer('')).toBe('none');
    expect(classifyReferrer('  ')).toBe('none');
  });
  it('labels direct visits', () => {
    expect(referrerLabel(null)).toBe('Direct / No Referrer');
    expect(referrerLabel('https://www.google.com/search?q=x')).toBe('google.com');
  });
  it('counts distinct referral sources, not direct visits', () => {
    expect(distinctReferrers([{ referrer: 'https://google.com/a' }, { referrer: 'google.com' }, { referrer: null }, { referrer: 't.co' }])).toBe(2);
  });
});
