import { afterEach, describe, expect, it } from '@jest/globals';
import { customDomainShortCode } from './custom-domain';
import { ownHosts } from './own-hosts';

describe('own hosts from the server (run time)', () => {
  afterEach(() => document.head.querySelectorAll('meta[name="linkpulse-own-hosts"]').forEach((m) => m.remove()));

  it('reads the hosts the api wrote into index.html; unknown paths there are app routes, elsewhere short codes', () => {
    const meta = document.createElement('meta');
    meta.name = 'linkpulse-own-hosts';
    meta.content = 'app.example.com,s.example.com:8443';
    document.head.append(meta);
    expect(ownHosts()).toEqual(['app.example.com', 's.example.com:8443']);
    expect(customDomainShortCode({ host: 'app.example.com', pathname: '/foo' }, ownHosts())).toBeNull();
    expect(customDomainShortCode({ host: 's.example.com', pathname: '/foo' }, ownHosts())).toBeNull();
    expect(customDomainShortCode({ host: 'go.brand.com', pathname: '/foo' }, ownHosts())).toBe('foo');
  });

  it('without the meta tag there are no own hosts beyond the build variable', () => {
    expect(ownHosts()).toEqual([]);
  });
});
