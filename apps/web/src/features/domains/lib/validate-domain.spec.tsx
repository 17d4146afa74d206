import { checkDomain, invalidDomainMessage } from './validate-domain';

describe('checkDomain', () => {
  it('is a silent no-op when empty after trimming', () => {
    expect(checkDomain('')).toEqual({ kind: 'empty' });
    expect(checkDomain('   ')).toEqual({ kind: 'empty' });
  });
  it('accepts domains and subdomains, trimmed', () => {
    expect(checkDomain('  go.brand.com ')).toEqual({ kind: 'valid', domain: 'go.brand.com' });
    expect(checkDomain('my-brand.io')).toEqual({ kind: 'valid', domain: 'my-brand.io' });
    expect(checkDomain(`${'a'.repeat(63)}.com`).kind).toBe('valid');
  });
  it('drops a pasted http:// or https:// and a trailing slash', () => {
    expect(checkDomain('https://Go.Brand.com')).toEqual({ kind: 'valid', domain: 'go.brand.com' });
    expect(checkDomain(' http://go.brand.com/ ')).toEqual({ kind: 'valid', domain: 'go.brand.com' });
    expect(checkDomain('https://')).toEqual({ kind: 'invalid' });
  });
  it('refuses other protocols, paths, bad labels and short or numeric top-level parts', () => {
    for (const bad of [
      'ftp://brand.com',
      'https://brand.com/path',
      'brand.com/path',
      'brand',
      '-brand.com',
      'brand-.com',
      'brand.c',
      'brand.123',
      'br and.com',
      `${'a'.repeat(64)}.com`,
    ]) {
      expect(checkDomain(bad)).toEqual({ kind: 'invalid' });
    }
  });
  it('has the message of docs/product.md#validation', () => {
    expect(invalidDomainMessage('links.example.com')).toBe('Please enter a valid domain name (e.g., links.example.com)');
  });
});
