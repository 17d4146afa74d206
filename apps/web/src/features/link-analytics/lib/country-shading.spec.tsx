import { describe, expect, it } from '@jest/globals';
import { clicksByNumericId, NO_CLICKS_FILL, shade } from './country-shading';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('world map shading', () => {
  it('greys out countries without clicks and makes more clicks darker', () => {
    expect(shade(0, 10)).toBe(NO_CLICKS_FILL);
    expect(shade(5, 0)).toBe(NO_CLICKS_FILL);
    expect(shade(10, 10)).toBe('#1a365d');
    expect(shade(1, 10)).toBe('#bee3f8');
    const shades = [1, 2, 5, 9, 10].map((n) => luminance(shade(n, 10)));
    for (let i = 1; i < shades.length; i++) expect(shades[i]).toBeLessThan(shades[i - 1]);
  });

  it('a single country with clicks gets the darkest shade', () => {
    expect(shade(3, 3)).toBe('#1a365d');
    expect(shade(1, 1)).toBe('#1a365d');
  });

  it('keys clicks by the ISO numeric id of world-atlas and skips unknown codes', () => {
    const map = clicksByNumericId([
      { country: 'United Kingdom', countryCode: 'GB', count: 3 },
      { country: 'United States', countryCode: 'us', count: 2 },
      { country: 'Unknown', countryCode: '', count: 4 },
      { country: 'Nowhere', countryCode: 'ZZ', count: 1 },
    ]);
    expect([...map.entries()]).toEqual([
      ['826', { name: 'United Kingdom', code: 'GB', count: 3 }],
      ['840', { name: 'United States', code: 'US', count: 2 }],
    ]);
  });
});
