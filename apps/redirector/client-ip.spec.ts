import { clientIpFrom, normalizeIp } from './client-ip.js';

describe('client IP', () => {
  it('uses the socket address and unwraps IPv4-mapped IPv6', () => {
    expect(clientIpFrom('::ffff:81.2.69.160', undefined, 0)).toBe('81.2.69.160');
    expect(clientIpFrom('2001:db8::1', undefined, 0)).toBe('2001:db8::1');
    expect(normalizeIp('::ffff:not-an-ip')).toBe('::ffff:not-an-ip');
  });

  it('ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(clientIpFrom('10.0.0.2', '81.2.69.160', 0)).toBe('10.0.0.2');
  });

  it('takes the entry that many hops from the right', () => {
    const xff = '6.6.6.6, 81.2.69.160, 10.0.0.1';
    expect(clientIpFrom('10.0.0.2', xff, 1)).toBe('10.0.0.1');
    expect(clientIpFrom('10.0.0.2', xff, 2)).toBe('81.2.69.160');
    expect(clientIpFrom('10.0.0.2', xff, 3)).toBe('6.6.6.6');
    expect(clientIpFrom('10.0.0.2', xff, 9)).toBe('6.6.6.6');
    expect(clientIpFrom('10.0.0.2', ['6.6.6.6', '81.2.69.160'], 1)).toBe('81.2.69.160');
  });

  it('falls back to the socket when the header is not an IP', () => {
    expect(clientIpFrom('::ffff:10.0.0.2', 'garbage', 1)).toBe('10.0.0.2');
    expect(clientIpFrom('10.0.0.2', '', 1)).toBe('10.0.0.2');
    expect(clientIpFrom('10.0.0.2', '::ffff:81.2.69.160', 1)).toBe('81.2.69.160');
  });
});
