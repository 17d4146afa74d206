import { describe, expect, it } from '@jest/globals';
import { clicksByNumericId, NO_CLICKS_FILL, shade, shadeLevel } from './country-shading';

describe('world map shading', () => {
  it('greys out countries without clicks and mixes more clicks further towards "more"', () => {
    expect(shade(0, 10)).toBe(NO_CLICKS_FILL);
    expect(shade(5, 0)).toBe(NO_CLICKS_FILL);
    expect(shade(10, 10)).toBe('color-mix(in srgb, var(--chakra-colors-chart-map-more) 100%, var(--chakra-colors-chart-map-fewer))');
    expect(shade(1, 10)).toBe('color-mix(in srgb, var(--chakra-colors-chart-map-more) 0%, var(--chakra-colors-chart-map-fewer))');
    const levels = [1, 2, 5, 9, 10].map((n) => shadeLevel(n, 10));
    for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeGreaterThan(levels[i - 1]);
  });

  it('a single country with clicks gets the strongest shade', () => {
    expect(shadeLevel(3, 3)).toBe(100);
    expect(shadeLevel(1, 1)).toBe(100);
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
