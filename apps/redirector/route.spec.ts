import { hostnameOf, ownHostsFor, routeRequest } from './route.js';

const own = ownHostsFor('https://lp.example:8443');

describe('routeRequest', () => {
  it('takes /s/{code} as a default-host link on any host', () => {
    expect(routeRequest('lp.example:8443', '/s/Ab3_-x?utm=1', own)).toEqual({ kind: 'link', hostKey: '_', code: 'Ab3_-x' });
    expect(routeRequest('go.brand.com', '/s/abc/', own)).toEqual({ kind: 'link', hostKey: '_', code: 'abc' });
    expect(routeRequest(undefined, '/s/abc', own)).toEqual({ kind: 'link', hostKey: '_', code: 'abc' });
  });

  it('takes the first path segment on a custom domain, lowercased host without port', () => {
    expect(routeRequest('Go.Brand.com:8080', '/Promo', own)).toEqual({ kind: 'link', hostKey: 'go.brand.com', code: 'Promo' });
    expect(routeRequest('go.brand.com.', '/promo/more?x', own)).toEqual({ kind: 'link', hostKey: 'go.brand.com', code: 'promo' });
  });

  it('refuses bad codes and reserved paths without a lookup', () => {
    for (const url of ['/s/', '/s/a%20b', '/s/' + 'a'.repeat(65), '/s/a.b', '/s/a/b']) {
      expect(routeRequest('lp.example', url, own)).toEqual({ kind: 'not-found' });
    }
    for (const url of ['/', '/api', '/api/links', '/src/main.tsx', '/@vite/client', '/favicon.ico', '/robots.txt']) {
      expect(routeRequest('go.brand.com', url, own)).toEqual({ kind: 'not-found' });
    }
    expect(routeRequest('go.brand.com', '/apiary', own)).toEqual({ kind: 'link', hostKey: 'go.brand.com', code: 'apiary' });
  });

  it('answers /{code} on the own, local and missing hosts with not found', () => {
    for (const host of ['lp.example', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080', undefined]) {
      expect(routeRequest(host, '/abc', own)).toEqual({ kind: 'not-found' });
    }
  });

  it('has a health route', () => {
    expect(routeRequest('anything', '/healthz', own)).toEqual({ kind: 'health' });
  });

  it('parses hostnames', () => {
    expect(hostnameOf('[::1]:8080')).toBe('[::1]');
    expect(hostnameOf('[::1]')).toBe('[::1]');
    expect(hostnameOf('EXAMPLE.com')).toBe('example.com');
  });
});
