import type { IncomingMessage } from 'node:http';
import { chooseDestination, withUtm } from './destination.js';

const req = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;
const visitor = (headers: Record<string, string> = {}, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0') => ({
  ip: '127.0.0.1',
  userAgent,
  req: req(headers),
});
const variants = [
  { url: 'https://a.example/', weight: 25 },
  { url: 'https://b.example/', weight: 75 },
];

describe('chooseDestination', () => {
  it('merges utm into the query, replacing the same keys and keeping the others', () => {
    expect(withUtm('https://x.example/p?a=1&utm_source=old#top', { source: 'news', medium: 'email' })).toBe(
      'https://x.example/p?a=1&utm_source=news&utm_medium=email#top',
    );
  });

  it('picks a variant by weight and sets the sticky cookie; a kept cookie wins without a new one', () => {
    expect(chooseDestination('https://o.example/', { variants }, 'abc', visitor(), () => 0.2)).toEqual({
      url: 'https://a.example/',
      variant: 0,
      setCookie: 'lp_v_abc=0; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
    });
    expect(chooseDestination('https://o.example/', { variants }, 'abc', visitor(), () => 0.25).variant).toBe(1);
    expect(chooseDestination('https://o.example/', { variants }, 'abc', visitor({ cookie: 'lp_v_abc=0' }), () => 0.99)).toEqual({
      url: 'https://a.example/',
      variant: 0,
      setCookie: undefined,
    });
    // A cookie naming a variant that no longer exists is replaced.
    expect(chooseDestination('https://o.example/', { variants }, 'abc', visitor({ cookie: 'lp_v_abc=3' }), () => 0.99).setCookie).toContain(
      'lp_v_abc=1',
    );
  });

  it('a matching rule beats the variants; language follows Accept-Language order and ignores q=0', () => {
    const x = { variants, rules: [{ type: 'language' as const, values: ['de'], url: 'https://de.example/' }] };
    expect(chooseDestination('https://o.example/', x, 'abc', visitor({ 'accept-language': 'fr-CH, de;q=0.5' })).url).toBe('https://de.example/');
    expect(chooseDestination('https://o.example/', x, 'abc', visitor({ 'accept-language': 'fr, de;q=0' }), () => 0).url).toBe('https://a.example/');
    expect(chooseDestination('https://o.example/', { rules: x.rules }, 'abc', visitor()).url).toBe('https://o.example/');
  });
});
