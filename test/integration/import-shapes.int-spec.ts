import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { createLogger } from '@app/config';
import type { LinkDto } from '@app/contracts';
import { adminSession, registerUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { importFinished, startSuiteWorkers, type SuiteWorkers } from '../helpers/suite-workers.js';

/**
 * The files Bitly, YOURLS, Kutt, Shlink and Dub really give their users (test/fixtures/imports/real, each built from
 * the product's own export code as cited in libs/integrations/src/imports/shapes/), each beside its expected result
 * (`<file>.expected.json`: total, created, skipped [row, reason], notes {row: [text]}, and the links it makes).
 */
const REAL = join(import.meta.dirname, '../fixtures/imports/real');
const FILES = readdirSync(REAL)
  .filter((f) => !f.endsWith('.expected.json'))
  .sort();
const log = createLogger('import-shapes-test', 'error');

interface Expected {
  format: string;
  shape: string;
  total: number;
  created: number;
  skipped: [number, string][];
  notes: Record<string, string[]>;
  links: Record<
    string,
    { url: string; name?: string | null; tags?: string[]; createdAt?: string; importedClicks?: number | null } & Partial<LinkDto>
  >;
}

describe('imports of the files the products really give', () => {
  let api: TestApi;
  let workers: SuiteWorkers;
  let users = 0;
  let admin: string;
  /** An approved user of its own per file (one admin sign-in for them all: sign-ins are rate limited). */
  const approvedUser = async (_api: TestApi, username: string) => {
    const { user, sessionId } = await registerUser(api, username);
    expect((await api.call('POST', `/api/admin/users/${user.id}/approve`, { session: admin })).status).toBe(200);
    return { sessionId };
  };

  beforeAll(async () => {
    api = await startTestApi();
    workers = await startSuiteWorkers(api, log);
    admin = await adminSession(api);
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
  });

  const finished = (session: string, id: string) => importFinished(api, session, id);
  const linksOf = async (session: string): Promise<LinkDto[]> => (await api.call('GET', '/api/links?archived=all', { session })).body;
  const rowsOf = (list: { row: number }[]) => list.map((s) => s.row).sort((a, b) => a - b);
  const expectSkipped = (actual: { row: number; reason: string }[], expected: [number, string][]) => {
    expect(rowsOf(actual)).toEqual(expected.map(([row]) => row).sort((a, b) => a - b));
    for (const [row, reason] of expected) expect(actual.filter((s) => s.row === row).some((s) => s.reason.includes(reason))).toBe(true);
  };
  const expectNotes = (actual: { row: number; note: string }[], expected: Record<string, string[]>) => {
    for (const [row, texts] of Object.entries(expected))
      for (const text of texts) expect(actual.filter((n) => n.row === Number(row)).map((n) => n.note)).toContainEqual(expect.stringContaining(text));
  };

  it.each(FILES)('%s: the preview, then every link with its fields, each skipped row with its reason', async (file) => {
    const content = readFileSync(join(REAL, file), 'utf8');
    const exp: Expected = JSON.parse(readFileSync(join(REAL, `${file}.expected.json`), 'utf8'));
    const session = (await approvedUser(api, `shapes-${++users}`)).sessionId;

    const preview = await api.call('POST', '/api/imports', { session, body: { format: exp.format, content, dryRun: true } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ total: exp.total, wouldCreate: exp.created, shape: exp.shape });
    expectSkipped(preview.body.skipped, exp.skipped);
    expectNotes(preview.body.notes, exp.notes);
    expect(await linksOf(session)).toEqual([]);

    const res = await api.call('POST', '/api/imports', { session, body: { format: exp.format, content } });
    expect(res.status).toBe(202);
    const result = await finished(session, res.body.id);
    expect(result).toMatchObject({ status: 'done', total: exp.total, created: exp.created, processed: exp.total });
    expectSkipped(result.skipped, exp.skipped);
    expectNotes(result.notes, exp.notes);

    const links = new Map((await linksOf(session)).map((l) => [l.shortCode, l]));
    expect(links.size).toBe(exp.created);
    for (const [code, want] of Object.entries(exp.links)) {
      const link = links.get(code);
      expect(link).toBeDefined();
      const { url, name, ...fields } = want;
      expect(link!.originalUrl).toBe(new URL(url).href);
      if (name === null) expect(link!.name).toHaveLength(200);
      else if (name !== undefined) expect(link!.name).toBe(name);
      expect(link).toMatchObject(fields);
      expect(link!.clickCount).toBe(0); // the source's clicks are importedClicks, never analytics
    }
  });

  it("a file no shape of its format takes is a plain 400 naming the shapes; another product's file is read as that product's", async () => {
    const session = (await approvedUser(api, 'shapes-wrong')).sessionId;
    const post = (format: string, content: string) => api.call('POST', '/api/imports', { session, body: { format, content, dryRun: true } });
    expect(await post('csv', '{"links": {"a": 1}}')).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        message:
          'content: this file is JSON, but it is none of the shapes the csv format takes: LinkPulse links export CSV; LinkPulse links export JSON; CSV (url, code, name, tags, expiresAt).',
      },
    });
    expect((await post('kutt', 'address,target\nabc,https://example.org/\n')).body).toEqual({
      statusCode: 400,
      message: "content: a kutt file is one of: Kutt API v2 links JSON. This CSV's header (address, target) matches none of them.",
    });
    const shlinkAsCsv = readFileSync(join(REAL, 'shlink-web.csv'), 'utf8');
    const read = await post('csv', shlinkAsCsv);
    expect(read).toMatchObject({ status: 200, body: { shape: 'Shlink web client CSV export', total: 23 } });
    expect(read.body.notes[0]).toEqual({ row: 0, note: 'Read as a Shlink web client CSV export, though the format chosen was csv.' });
  });

  it('a Windows-1252 upload (Excel) is decoded right and noted; UTF-8 with a BOM reads the same', async () => {
    const session = (await approvedUser(api, 'shapes-encoding')).sessionId;
    const text = 'url,code,name,tags\r\nhttps://café.example.fr/menu,w1252-cafe,"Café crème, déjà vu — « spécial »",été;Zürich\r\n';
    const upload = async (bytes: Buffer, dryRun: boolean) => {
      const form = new FormData();
      form.set('format', 'csv');
      form.set('dryRun', String(dryRun));
      form.set('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'links.csv');
      const res = await fetch(`${api.baseUrl}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${session}` }, body: form });
      return { status: res.status, body: await res.json() };
    };
    const preview = await upload(iconv.encode(text, 'win1252'), true);
    expect(preview).toMatchObject({ status: 200, body: { total: 1, wouldCreate: 1, skipped: [] } });
    expect(preview.body.notes).toEqual([{ row: 0, note: 'The file is not UTF-8: it was read as windows-1252.' }]);
    const bom = await upload(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), true);
    expect(bom).toMatchObject({ status: 200, body: { total: 1, wouldCreate: 1, skipped: [], notes: [] } });

    const started = await upload(iconv.encode(text, 'win1252'), false);
    expect(started.status).toBe(202);
    expect(await finished(session, started.body.id)).toMatchObject({ status: 'done', created: 1 });
    const [link] = await linksOf(session);
    expect(link).toMatchObject({ shortCode: 'w1252-cafe', name: 'Café crème, déjà vu — « spécial »', tags: ['été', 'Zürich'] });
    expect(link.originalUrl).toBe('https://xn--caf-dma.example.fr/menu');
  });

  it('LinkPulse’s own CSV and JSON exports re-import with every field', async () => {
    const owner = (await approvedUser(api, 'shapes-roundtrip')).sessionId;
    const base = { originalUrl: 'https://example.org/rt', tags: ['one', 'two'], expiresAt: '2031-01-02T03:04:05.000Z', redirectType: 301 };
    const made = [
      await api.call('POST', '/api/links', { session: owner, body: { ...base, shortCode: 'rt-full', name: '=SUM(A1), "quoted"', maxClicks: 50 } }),
      await api.call('POST', '/api/links', {
        session: owner,
        body: {
          originalUrl: 'https://example.org/rt-rules',
          shortCode: 'rt-rules',
          name: 'Rules',
          rules: [{ type: 'country', values: ['DE'], url: 'https://example.de/' }],
          utm: { source: 'news', medium: 'email' },
          ogTitle: 'OG title',
        },
      }),
      await api.call('POST', '/api/links', {
        session: owner,
        body: { originalUrl: 'https://example.org/rt-secret', shortCode: 'rt-secret', password: 'letmein1' },
      }),
    ];
    expect(made.map((m) => m.status)).toEqual([201, 201, 201]);
    expect(
      (
        await api.call('PUT', `/api/links/${made[1].body.id}`, {
          session: owner,
          body: { name: 'Rules', originalUrl: 'https://example.org/rt-rules', archived: true },
        })
      ).status,
    ).toBe(200);
    const before = new Map((await linksOf(owner)).map((l) => [l.shortCode, l]));

    for (const format of ['csv', 'json'] as const) {
      const exported = await fetch(`${api.baseUrl}/api/links/export?format=${format}`, { headers: { authorization: `Bearer ${owner}` } });
      const content = (await exported.text()).replaceAll('rt-', `${format}-`);
      const session = (await approvedUser(api, `shapes-roundtrip-${format}`)).sessionId;
      const res = await api.call('POST', '/api/imports', { session, body: { format: 'csv', content } });
      expect(res.status).toBe(202);
      const result = await finished(session, res.body.id);
      expect(result).toMatchObject({ status: 'done', total: 3, created: 2 });
      expect(result.skipped).toEqual([{ row: expect.any(Number), reason: expect.stringContaining('password-protected') }]);
      const after = new Map((await linksOf(session)).map((l) => [l.shortCode, l]));
      for (const code of ['rt-full', 'rt-rules']) {
        const { id: _id, shortUrl: _s, clicksToday: _t, originalUrl, ...kept } = before.get(code)!;
        const copy = after.get(code.replace('rt-', `${format}-`))!;
        expect(copy).toMatchObject({ ...kept, shortCode: code.replace('rt-', `${format}-`), originalUrl: originalUrl.replace('rt-', `${format}-`) });
      }
    }
  });
});
