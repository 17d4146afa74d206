import { describe, expect, it } from '@jest/globals';
import type { LinkDto } from '@app/contracts';
import { controlIcons } from './control-icons';

const NOW = new Date('2026-11-23T12:00:00Z');
const plain = { expiresAt: null, maxClicks: null, hasPassword: false, rules: [], variants: null, clickCount: 0 } as unknown as LinkDto;

describe('My Links control icons', () => {
  it('a plain link has none', () => {
    expect(controlIcons(plain, NOW)).toEqual([]);
  });
  it('names expiry, click limit, password, rules and variants', () => {
    const icons = controlIcons(
      {
        ...plain,
        expiresAt: '2026-12-01T10:00:00Z',
        maxClicks: 100,
        clickCount: 3,
        hasPassword: true,
        rules: [
          { type: 'country', values: ['GB'], url: 'https://e.com/uk' },
          { type: 'os', values: ['iOS'], url: 'https://e.com/ios' },
        ],
        variants: [
          { url: 'https://e.com/a', weight: 70 },
          { url: 'https://e.com/b', weight: 30 },
        ],
      },
      NOW,
    );
    expect(icons.map((i) => i.kind)).toEqual(['expiry', 'password', 'rules', 'variants']);
    expect(icons[0].label).toMatch(/^Expires .+ · Stops after 100 clicks$/);
    expect(icons[0].alert).toBe(false);
    expect(icons.slice(1).map((i) => i.label)).toEqual(['Password-protected', '2 targeting rules', 'A/B test: 2 variants (70/30)']);
  });
  it('marks an expired or used-up link', () => {
    expect(controlIcons({ ...plain, expiresAt: '2026-11-01T00:00:00Z' }, NOW)[0]).toMatchObject({
      kind: 'expiry',
      alert: true,
      label: expect.stringMatching(/^Expired /),
    });
    expect(controlIcons({ ...plain, maxClicks: 1, clickCount: 1 }, NOW)[0]).toEqual({
      kind: 'expiry',
      alert: true,
      label: 'Click limit of 1 reached',
    });
  });
});
