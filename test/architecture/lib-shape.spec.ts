import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The one shape of a lib (docs/contributing.md#one-shape-per-feature-lib), checked on every lib source file: one
 * command, one handler, one query per file, named for what it holds; data access named `*-store.ts` whatever it
 * reads or writes. A new bundle (`*.commands.ts`) or a second name for data access (`*-rows.ts`) fails here.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const LIBS = join(ROOT, 'libs');
/** The feature libs (docs/contributing.md#import-direction): platform libs hold helpers, not features. */
const FEATURE = /^libs\/(identity|links|clicks|analytics|operations|integrations)\//;
const TEST_FILE = /\.(spec|int-spec|e2e-spec|browser-spec)\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'migrations' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !TEST_FILE.test(e.name) ? [path] : [];
  });
}

const files = sourceFiles(LIBS)
  .map((path) => ({ path: relative(ROOT, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }))
  .filter(({ path }) => FEATURE.test(path));
const name = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
/** A message class (an abstract base several queries share, like analytics' ScopedRangeQuery, is no message). */
const CONCRETE_COMMAND = /(?<!abstract )\bclass \w+ extends \w*Command</g;
const CONCRETE_QUERY = /(?<!abstract )\bclass \w+ extends \w*Query</g;
const count = (text: string, re: RegExp): number => text.match(re)?.length ?? 0;

/** Names data access or a bundle once had: each is `*-store.ts`, or one file per message, now. */
const OTHER_NAMES: [RegExp, string][] = [
  [/-rows\.ts$/, 'data access is named *-store.ts'],
  [/-(repository|repo|dao|queries|access)\.ts$/, 'data access is named *-store.ts'],
  [/^save-.*\.ts$/, 'data access is named *-store.ts'],
  [/\.(commands|handlers|queries)\.ts$/, 'one command, handler or query per file, never a bundle'],
];
/**
 * Named in the docs under their own name: the one workspace access rule (the route decorators and the check every
 * workspace-scoped call passes, docs/architecture.md "Workspaces"), not a store.
 */
const KEEPS_ITS_NAME = new Set(['libs/identity/src/workspaces/workspace-access.ts']);

describe('the one shape of a lib', () => {
  it('names data access *-store.ts and bundles nothing', () => {
    const wrong = files.flatMap(({ path }) =>
      KEEPS_ITS_NAME.has(path) ? [] : OTHER_NAMES.filter(([re]) => re.test(name(path))).map(([, why]) => `${path}: ${why}`),
    );
    expect(wrong).toEqual([]);
  });

  it('holds each command in its own <verb-noun>.command.ts', () => {
    const wrong = files.flatMap(({ path, text }) => {
      const n = count(text, CONCRETE_COMMAND);
      return n === 0 || (n === 1 && path.endsWith('.command.ts')) ? [] : [`${path}: ${n} command(s)`];
    });
    expect(wrong).toEqual([]);
  });

  it('holds each command handler in its own <verb-noun>.handler.ts', () => {
    const wrong = files.flatMap(({ path, text }) => {
      const n = count(text, /@CommandHandler\(/g);
      return n === 0 || (n === 1 && path.endsWith('.handler.ts')) ? [] : [`${path}: ${n} command handler(s)`];
    });
    expect(wrong).toEqual([]);
  });

  it('holds each query with its handler (a class, or readHandler for one typed read) in its own <verb-noun>.query.ts', () => {
    const wrong = files.flatMap(({ path, text }) => {
      const queries = count(text, CONCRETE_QUERY);
      const handlers = count(text, /@QueryHandler\(|= readHandler\(/g);
      return queries + handlers === 0 || (queries === 1 && handlers === 1 && path.endsWith('.query.ts'))
        ? []
        : [`${path}: ${queries} query(ies), ${handlers} handler(s)`];
    });
    expect(wrong).toEqual([]);
  });
});
