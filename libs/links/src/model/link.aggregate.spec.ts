import { Link } from './link.aggregate.js';
import { CustomDomain } from './custom-domain.aggregate.js';
import { checkDomainName, checkOriginalUrl, generateShortCode } from './link-rules.js';

const none = () => false;
const at = new Date('2026-11-22T10:00:00Z');
const input = { linkId: 'l1', ownerId: 'u1', shortCode: 'abc', generated: false, originalUrl: 'https://example.org', domainId: null, at };

describe('Link', () => {
  it('given nothing, when created, then link-created with defaults and trimmed values', () => {
    const link = Link.create({ ...input, name: '  ', ogTitle: ' T ', ogImage: '' }, none);
    expect(link.takePending()).toEqual([
      {
        type: 'link-created',
        data: {
          linkId: 'l1',
          ownerId: 'u1',
          name: 'Untitled Link',
          shortCode: 'abc',
          originalUrl: 'https://example.org/',
          domainId: null,
          ogTitle: 'T',
          ogDescription: null,
          ogImage: null,
          at: at.toISOString(),
        },
      },
    ]);
  });

  it('refuses reserved words for custom codes on a custom domain only (the default host serves /s/{code})', () => {
    const domainId = '00000000-0000-4000-8000-000000000001';
    expect(() => Link.create({ ...input, shortCode: 'API', domainId }, none)).toThrow('reserved');
    expect(Link.create({ ...input, shortCode: 'API', domainId: null }, none).takePending()).toHaveLength(1);
    expect(Link.create({ ...input, shortCode: 'api', generated: true, domainId }, none).takePending()).toHaveLength(1);
  });

  it('takes codes of 1 to 64 letters, digits, - and _', () => {
    for (const shortCode of ['a', 'Z9', 'x'.repeat(64), 'a_b-C']) expect(Link.create({ ...input, shortCode }, none).takePending()).toHaveLength(1);
    for (const shortCode of ['', 'x'.repeat(65), 'a b', 'ü', 'a.b']) expect(() => Link.create({ ...input, shortCode }, none)).toThrow('Short codes');
  });

  it('an imported link keeps its source creation date and click total as link-imported (nothing to keep: no event)', () => {
    const link = Link.create(input, none);
    link.recordImport({ createdAt: '2015-06-01T10:00:00+02:00', importedClicks: 1204, source: 'Bitly dashboard CSV export' }, 'u1', at);
    link.recordImport({ source: 'CSV' }, 'u1', at);
    const events = link.takePending();
    expect(events.map((e) => e.type)).toEqual(['link-created', 'link-imported']);
    expect(events[1].data).toMatchObject({ createdAt: '2015-06-01T08:00:00.000Z', importedClicks: 1204, source: 'Bitly dashboard CSV export' });
  });

  it('given a created link, an unchanged edit raises nothing; a change raises link-updated; delete then 404', () => {
    const link = Link.fromEvents(Link.create(input, none).takePending())!;
    link.update({ name: 'Untitled Link', originalUrl: 'https://example.org' }, 'u1', at, none);
    expect(link.takePending()).toEqual([]);
    link.update({ name: 'New', originalUrl: 'https://example.org/2' }, 'u1', at, none);
    expect(link.takePending().map((e) => e.type)).toEqual(['link-updated']);
    link.delete('u1', at);
    expect(link.takePending().map((e) => e.type)).toEqual(['link-deleted']);
    expect(() => link.delete('u1', at)).toThrow('Link not found.');
  });

  it("is visible in its workspace and in the admin's every-workspace view only", () => {
    const link = Link.fromEvents(Link.create(input, none).takePending())!;
    expect(() => link.assertInWorkspace({ workspaceId: 'u2', everyWorkspace: false })).toThrow('Link not found.');
    expect(() => link.assertInWorkspace({ workspaceId: 'u2', everyWorkspace: true })).not.toThrow();
    expect(() => link.assertInWorkspace({ workspaceId: input.ownerId, everyWorkspace: false })).not.toThrow();
  });
});

describe('link rules', () => {
  it('given a live link, archiving raises link-archive-changed once; archiving again raises nothing; unarchiving does', () => {
    const link = Link.fromEvents(Link.create(input, none).takePending())!;
    link.setArchived(false, 'u1', at);
    expect(link.takePending()).toEqual([]);
    link.setArchived(true, 'u1', at);
    expect(link.takePending()).toEqual([{ type: 'link-archive-changed', data: { linkId: 'l1', archived: true, at: at.toISOString(), by: 'u1' } }]);
    const archived = Link.fromEvents([
      ...Link.create(input, none).takePending(),
      { type: 'link-archive-changed', data: { linkId: 'l1', archived: true, at: at.toISOString(), by: 'u1' } },
    ])!;
    archived.setArchived(true, 'u1', at);
    expect(archived.takePending()).toEqual([]);
    archived.setArchived(false, 'u1', at);
    expect(archived.takePending()).toHaveLength(1);
  });

  it('accepts absolute http(s) only and refuses our own hosts', () => {
    expect(checkOriginalUrl(' https://example.org/a?b#c ', none)).toBe('https://example.org/a?b#c');
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:,x', 'ftp://x.org', 'mailto:a@b.c', '//x.org', 'http://']) {
      expect(() => checkOriginalUrl(bad, none)).toThrow();
    }
    expect(() => checkOriginalUrl('https://short.example/s/x', (h) => h === 'short.example')).toThrow('another short link');
  });

  it('generates 8 characters from the 62 letters and digits', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = generateShortCode();
      expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
      for (const ch of code) seen.add(ch);
    }
    expect(seen.size).toBe(62);
  });

  it('normalizes and validates domain names (docs/product.md#validation)', () => {
    expect(checkDomainName(' Links.Example.COM ')).toBe('links.example.com');
    for (const bad of ['', 'example', 'http://example.com', 'ex ample.com', 'example.c', 'example.c0m', '-x.com']) {
      expect(() => checkDomainName(bad)).toThrow('Please enter a valid domain name');
    }
  });
});

describe('CustomDomain', () => {
  it('is added, renamed, given a certificate and refuses deletion while links use it', () => {
    const d = CustomDomain.add({ domainId: 'd1', ownerId: 'u1', domain: 'A.example.com', at, start: { token: 't1' } }, none);
    const domain = CustomDomain.fromEvents(d.takePending())!;
    expect(domain).toMatchObject({ domain: 'a.example.com', verification: 'pending', token: 't1' });
    expect(domain.verify(['lp-verify=other'], 'lp-verify=t1', at)).toBe(false);
    expect(domain.verify(['x', 'lp-verify=t1'], 'lp-verify=t1', at)).toBe(true);
    expect(domain.verification).toBe('verified');
    domain.rename('b.example.com', at, none, { token: 't2' });
    expect(domain).toMatchObject({ verification: 'pending', token: 't2' });
    domain.generateSsl({ fingerprint: 'f', label: 'Self-signed' }, at);
    expect(() => domain.delete(2, 'u1', at)).toThrow('This domain still has 2 links; delete or move them first.');
    domain.delete(0, 'u1', at);
    expect(domain.takePending().map((e) => e.type)).toEqual(['domain-verified', 'domain-updated', 'domain-ssl-generated', 'domain-deleted']);
    expect(() => domain.assertInWorkspace({ workspaceId: 'u1', everyWorkspace: false })).toThrow('Domain not found.');
  });
});
