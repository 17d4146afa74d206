import { classifyHost } from './ip-class.js';

/** Hosts as a WHATWG URL hands them over (`new URL(x).hostname`): IPv4 in every notation ends up dotted decimal. */
const hostOf = (url: string) => new URL(url).hostname;

describe('classifyHost', () => {
  it('loopback in every notation, names included', () => {
    for (const url of [
      'http://127.0.0.1:8380/s/x',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::1]:8080/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://localhost/',
      'http://LOCALHOST./',
      'http://app.localhost/',
    ]) {
      expect({ url, kind: classifyHost(hostOf(url)) }).toEqual({ url, kind: 'loopback' });
    }
  });

  it('unspecified, private, link-local, public, names', () => {
    expect(classifyHost(hostOf('http://0.0.0.0/'))).toBe('unspecified');
    expect(classifyHost(hostOf('http://0/'))).toBe('unspecified');
    expect(classifyHost(hostOf('http://[::]/'))).toBe('unspecified');
    for (const h of ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '[fd00::1]', '[::ffff:10.0.0.1]'])
      expect({ h, k: classifyHost(hostOf(`http://${h}/`)) }).toEqual({ h, k: 'private' });
    for (const h of ['169.254.169.254', '[fe80::1]']) expect({ h, k: classifyHost(hostOf(`http://${h}/`)) }).toEqual({ h, k: 'link-local' });
    for (const h of ['8.8.8.8', '172.32.0.1', '[2001:db8::1]', '[::ffff:8.8.8.8]'])
      expect({ h, k: classifyHost(hostOf(`http://${h}/`)) }).toEqual({ h, k: 'public' });
    expect(classifyHost('example.org')).toBe('name');
    // Raw (not URL-normalised) IPv6 spellings too.
    expect(classifyHost('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyHost('0:0:0:0:0:0:0:1')).toBe('loopback');
    expect(classifyHost('[::ffff:192.168.0.1]')).toBe('private');
  });
});
