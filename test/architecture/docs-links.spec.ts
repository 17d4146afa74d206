import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

/**
 * The documentation is the source of truth a clone carries: every relative link in README.md, SECURITY.md and
 * docs/ must resolve to a file (and heading) of this repository, and nothing in code, tests or docs may cite a
 * document the repository does not have (the product contracts it was built from live in docs/product.md).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const LINK = /\]\(([^)\s#]+)(?:#([^)\s]*))?\)/g;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-artifacts', 'coverage']);
const TEXT = /\.(ts|tsx|js|cjs|mjs|md|json|ya?ml|sh|html|css|sql)$|^Dockerfile$/;

function walk(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : walk(join(dir, e.name), keep);
    return keep(e.name) ? [join(dir, e.name)] : [];
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces → '-', repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/`/g, '')
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function hasAnchor(file: string, anchor: string): boolean {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
  return anchorCache.get(file)!.has(decodeURIComponent(anchor));
}

const markdown = [
  join(ROOT, 'README.md'),
  ...['SECURITY.md'].map((f) => join(ROOT, f)).filter(existsSync),
  ...walk(join(ROOT, 'docs'), (n) => n.endsWith('.md')),
];

/**
 * Names of documents that are not in the repository: the first release's SPEC, PRODUCT-V2/V3, the old
 * ARCHITECTURE.md / CONVENTIONS.md, and the shared folder they came from. Built from parts so this file does not
 * match itself.
 */
const OUTSIDE = new RegExp(
  [String.raw`\bSPEC\b`, 'PRODUCT-V\\d', String.raw`\.\./shared\b`, '/work/shared', 'ARCHITECTURE\\.md', 'CONVENTIONS\\.md'].join('|'),
);
const WHERE_INSTEAD =
  'Cite docs/ instead: the first release (screens, calls, messages, limits) → docs/product.md#screens, #calls, #messages, ' +
  '#constants-and-limits…; link controls, API keys, webhooks, imports, domain ownership → docs/product.md#link-controls, ' +
  '#api-keys, #webhooks, #imports-and-exports, #domain-ownership; the third release → docs/product.md#many-links, ' +
  '#workspaces, #accounts, #analytics-filters, #shared-stats; the design → docs/architecture.md, docs/contributing.md.';

/** `docs/x.md#anchor` or `docs/x.md` as code comments and tests cite them. */
const DOC_CITATION = /(?<![\w/.-])docs\/([\w./-]+\.md)(?:#([\w-]+))?/g;

const sources = [...['apps', 'libs', 'test', 'bench', 'scripts', 'deploy', 'docs'].map((d) => join(ROOT, d)).filter(existsSync)].flatMap((d) =>
  walk(d, (n) => TEXT.test(n)),
);
const rootFiles = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isFile() && TEXT.test(e.name) && e.name !== 'package-lock.json')
  .map((e) => join(ROOT, e.name));
const everyTextFile = [...rootFiles, ...sources].filter((f) => f !== import.meta.filename && basename(f) !== 'package-lock.json');

describe('documentation links', () => {
  it.each(markdown.map((f) => [relative(ROOT, f), f]))('%s links only to files and headings inside the repository', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const broken: string[] = [];
    for (const [, target, anchor] of text.matchAll(LINK)) {
      if (/^[a-z]+:/i.test(target)) continue; // http(s), mailto: external sites are fine
      const path = resolve(dirname(file), target);
      if (relative(ROOT, path).startsWith('..') || !existsSync(path)) broken.push(target);
      else if (anchor && path.endsWith('.md') && !hasAnchor(path, anchor)) broken.push(`${target}#${anchor}`);
    }
    expect(broken).toEqual([]);
    expect(text).not.toMatch(/\.\.\/shared\//);
  });

  it('has the design documents a newcomer starts from', () => {
    for (const doc of ['docs/architecture.md', 'docs/contributing.md', 'docs/product.md', 'docs/decisions/README.md']) {
      expect(existsSync(join(ROOT, doc))).toBe(true);
    }
  });

  it('code, tests and docs cite no document outside the repository', () => {
    expect(everyTextFile.length).toBeGreaterThan(500);
    const outside: string[] = [];
    for (const file of everyTextFile) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const hit = OUTSIDE.exec(line);
          if (hit) outside.push(`${relative(ROOT, file)}:${i + 1} cites "${hit[0]}"`);
        });
    }
    expect({ outside, hint: outside.length ? WHERE_INSTEAD : '' }).toEqual({ outside: [], hint: '' });
  });

  it('every docs/…md#section cited in code, tests and docs exists', () => {
    const broken: string[] = [];
    for (const file of everyTextFile) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(DOC_CITATION)) {
        const [cited, doc, anchor] = m;
        const path = join(ROOT, 'docs', doc);
        if (!existsSync(path) || (anchor && !hasAnchor(path, anchor))) broken.push(`${relative(ROOT, file)}: ${cited}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
