import { hopsOf, OwnDestinations, withHop } from './loop-guard.js';

describe('loop guard', () => {
  it('reads the hop marker from a request URL', () => {
    const at = (u: string) => hopsOf(u, u.indexOf('?'));
    expect(at('/s/abc?lp_hop=2')).toBe(2);
    expect(at('/s/abc?qr=1&lp_hop=1')).toBe(1);
    expect(at('/s/abc?xlp_hop=5')).toBe(0);
    expect(at('/s/abc?lp_hop=abc')).toBe(0);
  });

  it('sets the marker on a destination, keeping its query', () => {
    expect(withHop('https://lp.test/s/x?utm_source=a', 1)).toBe('https://lp.test/s/x?utm_source=a&lp_hop=1');
    expect(withHop('https://lp.test/s/x?lp_hop=1', 2)).toBe('https://lp.test/s/x?lp_hop=2');
  });

  it('knows our own hosts: fixed ones, loopback in any notation, and the active custom domains', () => {
    const own = new OwnDestinations(new Set(['lp.test']));
    expect(own.replaceDomains(['Go.Example.com'])).toBe(true);
    expect(own.replaceDomains(['go.example.com'])).toBe(false);
    for (const url of ['https://LP.TEST./s/x', 'http://0x7f.1:8080/s/x', 'http://2130706433/', 'http://[::1]/s/x', 'https://go.example.com/a'])
      expect({ url, own: own.isOwnUrl(url) }).toEqual({ url, own: true });
    expect(own.isOwnUrl('https://example.com/')).toBe(false);
    const link = { id: '1', url: 'https://example.com/', ogTitle: null, ogDescription: null, ogImage: null };
    expect(own.linkLeadsHome(link)).toBe(false);
    expect(own.linkLeadsHome({ ...link, x: { variants: [{ url: 'https://go.example.com/b', weight: 1 }] } })).toBe(true);
  });
});
