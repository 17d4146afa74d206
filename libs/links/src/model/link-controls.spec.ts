import { checkControls } from './link-controls.js';

const ours = (host: string) => host === 'lp.test';
const check = (req: Record<string, unknown>) => checkControls(req, ours);
const fails = (req: Record<string, unknown>) => {
  try {
    check(req);
  } catch (err) {
    return { status: (err as { statusCode: number }).statusCode, message: (err as Error).message };
  }
  throw new Error('accepted');
};

describe('checkControls (validation of docs/product.md#link-controls)', () => {
  it('keeps absent fields absent and null as a removal', () => {
    expect(check({})).toEqual({});
    expect(check({ maxClicks: null, tags: null, utm: null, password: null })).toEqual({ maxClicks: null, tags: null, utm: null, password: null });
  });

  it('normalises values: ISO instant, country upper case, OS spelling, language lower case, deduplicated tags, empty utm', () => {
    expect(
      check({
        expiresAt: '2026-12-31T23:59:00+01:00',
        rules: [
          { type: 'country', values: ['gb', 'GB'], url: 'https://uk.example/' },
          { type: 'os', values: ['macos', 'IOS'], url: 'https://apple.example/' },
          { type: 'language', values: ['DE'], url: 'https://de.example/' },
        ],
        tags: [' promo ', 'promo', 'q4'],
        utm: { source: '  ' },
      }),
    ).toEqual({
      expiresAt: '2026-12-31T22:59:00.000Z',
      rules: [
        { type: 'country', values: ['GB'], url: 'https://uk.example/' },
        { type: 'os', values: ['macOS', 'iOS'], url: 'https://apple.example/' },
        { type: 'language', values: ['de'], url: 'https://de.example/' },
      ],
      tags: ['promo', 'q4'],
      utm: null,
    });
  });

  it.each([
    [{ expiresAt: '2026-12-31' }, 'expiresAt'],
    [{ maxClicks: '5' }, 'maxClicks'],
    [{ password: 'x'.repeat(129) }, 'password'],
    [{ redirectType: '301' }, 'redirectType'],
    [{ rules: 'GB' }, 'rules'],
    [{ rules: [{ type: 'device', values: ['phone'], url: 'https://a.example' }] }, 'rules[0].values[0]'],
    [{ rules: [{ type: 'device', values: ['mobile'], url: 'https://a.example', extra: 1 }] }, 'rules[0].extra'],
    [
      {
        variants: [
          { url: 'https://a.example', weight: 0 },
          { url: 'https://b.example', weight: 100 },
        ],
      },
      'variants[0].weight',
    ],
    [
      {
        variants: [
          { url: 'javascript:alert(1)', weight: 50 },
          { url: 'https://b.example', weight: 50 },
        ],
      },
      'variants[0].url',
    ],
    [{ variants: Array.from({ length: 5 }, () => ({ url: 'https://a.example', weight: 20 })) }, 'variants'],
    [{ expiredUrl: 'http://lp.test/s/x' }, 'expiredUrl'],
    [{ utm: ['a'] }, 'utm'],
    [{ tags: [''] }, 'tags[0]'],
  ])('%j is a 400 naming %s', (req, field) => {
    const err = fails(req);
    expect(err.status).toBe(400);
    expect(err.message.startsWith(`${field}: `)).toBe(true);
  });
});
