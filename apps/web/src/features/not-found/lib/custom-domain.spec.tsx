import { customDomainShortCode, isCustomDomainHost, shortCodeFromPath } from './custom-domain';

describe('isCustomDomainHost', () => {
  it('is false for localhost, IP literals and development hosts', () => {
    for (const host of ['localhost', 'localhost:5173', '127.0.0.1:3000', '[::1]:3000', 'app.localhost', 'web.local', 'x.test']) {
      expect(isCustomDomainHost(host)).toBe(false);
    }
  });
  it("is false for the product's own hosts, with or without port and case", () => {
    expect(isCustomDomainHost('App.LinkPulse.io:443', ['app.linkpulse.io'])).toBe(false);
  });
  it('is true for any other host', () => {
    expect(isCustomDomainHost('go.brand.com', ['app.linkpulse.io'])).toBe(true);
    expect(isCustomDomainHost('brand.com')).toBe(true);
  });
});

describe('shortCodeFromPath', () => {
  it('takes the first path segment as the code', () => {
    expect(shortCodeFromPath('/abc123')).toBe('abc123');
    expect(shortCodeFromPath('/abc123/extra')).toBe('abc123');
    expect(shortCodeFromPath('/promo-2026?utm=x')).toBe('promo-2026');
  });
  it('ignores root, /api, /src, /@ and paths with a dot', () => {
    for (const path of ['', '/', '/api', '/api/links', '/src/main.tsx', '/@vite/client', '/favicon.ico', '/assets/index-abc.js']) {
      expect(shortCodeFromPath(path)).toBeNull();
    }
  });
  it("ignores the app's own routes", () => {
    for (const path of ['/dashboard', '/links/1/analytics', '/admin/users', '/recent-ip-activity', '/system-management']) {
      expect(shortCodeFromPath(path)).toBeNull();
    }
  });
});

describe('customDomainShortCode', () => {
  it('only looks codes up on custom-domain hosts', () => {
    expect(customDomainShortCode({ host: 'go.brand.com', pathname: '/sale' })).toBe('sale');
    expect(customDomainShortCode({ host: 'localhost:3000', pathname: '/sale' })).toBeNull();
    expect(customDomainShortCode({ host: 'go.brand.com', pathname: '/' })).toBeNull();
  });
});
