import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The documentation is the source of truth a clone carries: every relative link in README.md, SECURITY.md and
 * docs/ must resolve to a file of this repository, and none may point outside it.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

const files = [join(ROOT, 'README.md'), ...['SECURITY.md'].map((f) => join(ROOT, f)).filter(existsSync), ...markdownFiles(join(ROOT, 'docs'))];

describe('documentation links', () => {
  it.each(files.map((f) => [relative(ROOT, f), f]))('%s links only to files inside the repository', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(LINK)) {
      if (/^[a-z]+:/i.test(target)) continue; // http(s), mailto: external sites are fine
      const path = resolve(dirname(file), target);
      if (relative(ROOT, path).startsWith('..') || !existsSync(path)) broken.push(target);
    }
    expect(broken).toEqual([]);
    expect(text).not.toMatch(/\.\.\/shared\//);
  });

  it('has the design documents a newcomer starts from', () => {
    for (const doc of ['docs/architecture.md', 'docs/contributing.md', 'docs/decisions/README.md']) expect(existsSync(join(ROOT, doc))).toBe(true);
  });
});
