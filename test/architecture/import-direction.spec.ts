import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The import rules of docs/contributing.md#import-direction, checked on every source file: apps → feature libs → platform libs →
 * contracts. A new import that breaks them fails here with the file and the import.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const FEATURE = new Set(['identity', 'links', 'clicks', 'analytics', 'operations', 'integrations']);
/** Composition libs sit above the feature libs (they wire them together); only apps import them. */
const COMPOSITION = new Set(['projections']);
/**
 * A read side may import the feature lib it reads: analytics is the read side of the clicks lib's rollups and takes
 * their table names from its manifest (ROLLUP_FAMILIES) rather than copying them. The clicks lib imports no analytics.
 */
const READ_SIDE_OF: Record<string, string> = { analytics: 'clicks' };
const PLATFORM = new Set(['config', 'database', 'event-store', 'queue', 'realtime', 'metrics', 'time']);
const SOURCE = /\.(ts|tsx)$/;
const TEST_FILE = /\.(spec|int-spec|e2e-spec|browser-spec)\.tsx?$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(e.name) && !TEST_FILE.test(e.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
}

/** The part of the repository a file belongs to: `lib:<name>`, `app:<name>`, or null. */
function partOf(path: string): string | null {
  const [top, name] = relative(ROOT, path).split(sep);
  return top === 'libs' ? `lib:${name}` : top === 'apps' ? `app:${name}` : null;
}

/** Why `from` may not import `spec` (null when it may). */
function violation(fromPart: string, file: string, spec: string): string | null {
  const lib = fromPart.startsWith('lib:') ? fromPart.slice(4) : null;
  if (spec.startsWith('.')) {
    const target = partOf(resolve(dirname(file), spec));
    return target === fromPart ? null : `relative import leaves ${fromPart} (into ${target ?? 'the repository root'})`;
  }
  if (!spec.startsWith('@app/')) return null;
  const to = spec.slice('@app/'.length).split('/')[0];
  if (to === 'testing') return 'product code imports the test helpers';
  if (fromPart === 'app:web') return to === 'contracts' ? null : 'the web app imports only @app/contracts';
  if (!lib) return null;
  if (lib === 'contracts') return 'contracts import nothing internal';
  if (COMPOSITION.has(to) && to !== lib) return `lib ${lib} imports the composition lib ${to} (only apps do)`;
  if (PLATFORM.has(lib) && FEATURE.has(to)) return `platform lib ${lib} imports feature lib ${to}`;
  if (READ_SIDE_OF[lib] === to) return null;
  if (FEATURE.has(lib) && FEATURE.has(to) && to !== lib) return `feature lib ${lib} imports feature lib ${to} (meet through events and contracts)`;
  return null;
}

const WEB = join(ROOT, 'apps', 'web', 'src');
/** The web app's layers: `features/<name>` → `components/` → `api/` → `lib/` (`app/` wires them all). */
function webLayer(path: string): string {
  const [top, name] = relative(WEB, path).split(sep);
  return top === 'features' ? `features/${name}` : top;
}
const WEB_MAY_IMPORT: Record<string, string[]> = { lib: ['lib'], api: ['api', 'lib'], components: ['components', 'api', 'lib', 'app'] };

/** Why a web file may not import `spec` (null when it may): the layers below, never a sibling feature. */
function webViolation(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const from = webLayer(file);
  const to = webLayer(resolve(dirname(file), spec));
  if (from === to) return null;
  if (WEB_MAY_IMPORT[from] && !WEB_MAY_IMPORT[from].includes(to)) return `${from}/ imports ${to}/ (an upward import)`;
  if (from.startsWith('features/') && (to.startsWith('features/') || to === 'app'))
    return `${from} imports ${to} (features meet in components/, api/ and lib/)`;
  return null;
}

describe('import direction (docs/contributing.md#import-direction)', () => {
  const files = [...sourceFiles(join(ROOT, 'libs')), ...sourceFiles(join(ROOT, 'apps'))].filter((f) => !f.includes(`${sep}testing${sep}`));

  it('finds the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.endsWith(join('apps', 'web', 'src', 'main.tsx')))).toBe(true);
  });

  it('every import follows apps → feature libs → platform libs → contracts', () => {
    const problems: string[] = [];
    for (const file of files) {
      const part = partOf(file)!;
      for (const spec of importsOf(file)) {
        const why = violation(part, file, spec);
        if (why) problems.push(`${relative(ROOT, file)}: '${spec}': ${why}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the web app imports downwards: features → components → api → lib', () => {
    const problems = files
      .filter((f) => f.startsWith(WEB + sep))
      .flatMap((file) =>
        importsOf(file)
          .flatMap((spec) => webViolation(file, spec) ?? [])
          .map((why) => `${relative(ROOT, file)}: ${why}`),
      );
    expect(problems).toEqual([]);
  });

  it('flags the imports the rules forbid', () => {
    const web = (p: string) => join(WEB, p);
    expect(webViolation(web('lib/use-api-mutation.ts'), '../components/ui/toaster')).toMatch(/lib\/ imports components\//);
    expect(webViolation(web('features/links/pages/LinksPage.tsx'), '../../shorten/api/create-link')).toMatch(
      /features\/links imports features\/shorten/,
    );
    expect(webViolation(web('features/links/pages/LinksPage.tsx'), '../../../components/ui/Pager')).toBeNull();
    const at = (p: string) => join(ROOT, p);
    expect(violation('lib:analytics', at('libs/analytics/src/x.ts'), '@app/identity')).toMatch(/feature lib analytics imports feature lib identity/);
    expect(violation('lib:queue', at('libs/queue/src/x.ts'), '@app/clicks')).toMatch(/platform lib/);
    expect(violation('lib:analytics', at('libs/analytics/src/x.ts'), '@app/clicks')).toBeNull();
    expect(violation('lib:clicks', at('libs/clicks/src/x.ts'), '@app/analytics')).toMatch(/feature lib clicks imports feature lib analytics/);
    expect(violation('lib:contracts', at('libs/contracts/src/x.ts'), '@app/time')).toMatch(/contracts import nothing/);
    expect(violation('app:web', at('apps/web/src/x.ts'), '@app/analytics')).toMatch(/only @app\/contracts/);
    expect(violation('lib:links', at('libs/links/src/x.ts'), '../../clicks/src/index.js')).toMatch(/relative import leaves lib:links/);
    expect(violation('app:api', at('apps/api/x.ts'), '@app/testing')).toMatch(/test helpers/);
    expect(violation('app:api', at('apps/api/x.ts'), '@app/identity')).toBeNull();
    expect(violation('lib:links', at('libs/links/src/x.ts'), '@app/projections')).toMatch(/composition lib projections/);
    expect(violation('lib:projections', at('libs/projections/src/x.ts'), '@app/links')).toBeNull();
    expect(violation('app:worker', at('apps/worker/x.ts'), '@app/projections')).toBeNull();
    expect(violation('lib:links', at('libs/links/src/x.ts'), '@app/event-store')).toBeNull();
  });
});
