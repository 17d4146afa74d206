import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import * as manifest from '../../libs/clicks/src/rollups/rollup-manifest.js';

/**
 * Table ownership (docs/architecture.md → "Table ownership"): each table belongs to one lib, the only code that
 * writes it; other libs read it through the owner's typed functions. This test reads the ownership map from the
 * document itself and fails when a lib's source mentions, in SQL, a table it does not own — unless the mention is
 * in SHARED below, the reads and writes that still cross a boundary, each with its reason. The list shrinks as they
 * move to their owners; a new entry needs a reason a reviewer accepts.
 *
 * Table names built at run time (`DELETE FROM ${table}`) are seen through the clicks lib's rollup manifest: a file
 * that uses one of its exports names every table that export lists (`rollupTables('link')`: the per-link ones), and
 * a file with a dynamic table name that uses no manifest export must be in DYNAMIC with the tables it can mean.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.ts$/;

/** `lib/path:table` → why that file still touches another lib's table. */
const SHARED: Record<string, string> = {
  // Link list rows: totals and today's clicks of each link, joined from the clicks lib's rollups. The owner names
  // already come from identity through a port (OWNER_NAMES); these move to a clicks read function with the ingest
  // redesign (the clicks lib is the coordinator's while it is redesigned).
  'libs/links/src/queries/link-read-store.ts:link_stats': 'clickCount and lastClick of each link (join)',
  'libs/links/src/queries/link-read-store.ts:link_clicks_15m': 'clicksToday of each link (sum of the local day)',
  'libs/links/src/queries/link-list/stats-sort.ts:link_stats': 'lists sorted by clicks or last click walk link_stats in its index order',
  // Monitoring and maintenance of the click log (the clicks lib's table) are operations' jobs.
  'libs/operations/src/maintenance/retention.ts:clicks_default': 'retention trims the default click partition',
  // The analytics lib is the read side of the clicks lib's rollups; its queries join the links they count.
  'libs/analytics/src/exports/raw-clicks.ts:links': "raw click export: the caller's links",
  'libs/analytics/src/filters/click-filters.ts:links': "analytics filters: the caller's links that match the tag, link and UTM filters",
  'libs/analytics/src/filters/click-source.ts:clicks': 'analytics filters: the raw clicks, for filters no rollup answers (decision 0008)',
  'libs/analytics/src/filters/click-source.ts:owner_dims_15m': 'analytics filters: clicks per owner by one dimension (decision 0008)',
  'libs/analytics/src/filters/owner-pairs.ts:owner_pairs_daily':
    'analytics filters: clicks per owner and day by a pair of dimensions (decision 0008)',
  'libs/analytics/src/filters/owner-pairs.ts:owner_pairs_open': 'analytics filters: the same pairs for the days not rolled up yet',
  'libs/analytics/src/filters/link-bits.ts:link_click_days': "analytics filters: each closed link-day's clicks in time order (decision 0008)",
  'libs/analytics/src/filters/link-bits.ts:link_click_bits': 'analytics filters: the bitmap of each value’s clicks in a link-day (decision 0008)',
  'libs/analytics/src/filters/link-bits.ts:link_dims_monthly': "analytics filters: each link's closed clicks per value by month (decision 0008)",
  'libs/analytics/src/filters/link-months.ts:link_click_days':
    'analytics filters: the quarters of each closed link-day, to cut its part of a month (decision 0008)',
  'libs/analytics/src/filters/link-months.ts:link_click_months':
    "analytics filters: each link's closed clicks of a month laid end to end (decision 0008)",
  'libs/analytics/src/filters/link-months.ts:link_click_month_bits':
    "analytics filters: each value's bitmap over a link's closed month (decision 0008)",
  'libs/analytics/src/queries/get-breakdown.query.ts:links': 'breakdown by link, tag and UTM: the names and values of the links counted',
  'libs/analytics/src/exports/raw-clicks.ts:clicks': 'raw click export: the click log itself',
  'libs/analytics/src/queries/get-ip-summary.query.ts:ips': 'IP Analytics rollups',
  'libs/analytics/src/queries/get-ip-summary.query.ts:ip_places': 'IP Analytics rollups',
  'libs/analytics/src/queries/get-ip-summary.query.ts:ip_first_seen_15m': 'IP Analytics rollups',
  'libs/analytics/src/queries/get-ip-summary.query.ts:ip_seen_daily': 'IP Analytics rollups',
  'libs/analytics/src/queries/get-link-analytics.query.ts:links': 'Link Analytics: the link shown',
  'libs/analytics/src/queries/get-link-analytics.query.ts:domains': 'Link Analytics: the short URL of the link shown',
  'libs/analytics/src/queries/get-link-analytics.query.ts:clicks': 'Link Analytics: the last 50 clicks',
  'libs/analytics/src/queries/get-recent-ip-activity.query.ts:clicks':
    'Recent IP Activity under filters: the matching raw clicks of the window (decision 0008)',
  'libs/analytics/src/queries/get-performance.query.ts:links': 'performance table: one row per link',
  'libs/analytics/src/queries/get-performance.query.ts:domains': 'performance table: short URLs',
  'libs/analytics/src/queries/get-performance.query.ts:users': 'performance table: owner name for admins',
  'libs/analytics/src/queries/get-performance.query.ts:link_stats': 'performance table: totals',
  'libs/analytics/src/queries/get-recent-ip-activity.query.ts:ip_activity': 'Recent IP activity rollup',
  'libs/analytics/src/queries/get-recent-ip-activity.query.ts:owner_ip_seen_daily': 'Recent IP activity rollup',
  'libs/analytics/src/queries/get-recent-ip-activity.query.ts:links': 'Recent IP activity: link names',
  'libs/analytics/src/queries/get-stats.query.ts:link_stats': 'Dashboard totals',
  'libs/analytics/src/queries/get-stats.query.ts:links': 'Dashboard: number of links',
  'libs/analytics/src/queries/get-trends.query.ts:links': 'Trends: link names of the top 5',
  'libs/analytics/src/rollup-range.ts:ROLLUP_FAMILIES': 'every rollup family the dashboards read through a time range',
  'libs/analytics/src/rollup-range.ts:rollup_days': 'the first day the per-day rollups lack, read in the statement that reads them',
  // The ingest needs each click's link owner (per-owner rollups) in the same statement.
  'libs/clicks/src/ingest/ingest-clicks.ts:links': 'ingest: owner of each clicked link',
  // Integrations (another helper's area): webhooks fire on clicks of a link, and the outbox reads the event log.
  'libs/integrations/src/webhooks/click-notifier.ts:links': "click webhooks: the clicked links' owners",
  'libs/integrations/src/imports/start-import.handler.ts:domains':
    "import: the chosen domainId is one of the owner's active domains (one 400 before the job)",
  'libs/integrations/src/webhooks/webhook-outbox.projection.ts:events': 'webhook outbox: positions of the events it sends',
  // The redirector's hot path: prepared statements on its own pg pool, without loading TypeORM, Nest or the links
  // lib (decision 0003). The statements mirror the links lib's cache row (link-cache.ts).
  'apps/redirector/resolve.ts:links': 'cache miss: the link of (host, code)',
  'apps/redirector/resolve.ts:domains': 'cache miss: the custom domain of the host',
  'apps/redirector/app.ts:domains': 'loop guard: the active custom domains (own hosts), reloaded every 30 s',
  'apps/redirector/controls/controlled-visit.ts:links': "password check: the link's password row",
  'apps/redirector/controls/controlled-visit.ts:link_passwords': 'password check: the hash',
  'apps/redirector/controls/click-limit.ts:link_stats': 'click limit: seeds the Redis counter from the stored total',
};

/** `lib/path` → why a table name built at run time there names no other lib's table (no manifest export in it). */
const DYNAMIC: Record<string, string> = {
  'libs/event-store/src/event-store.ts': "a rebuild truncates each projection's own `tables`",
  'libs/operations/src/maintenance/retention.ts': 'retention drops whole monthly partitions of clicks (clicks_default is in SHARED)',
  'libs/analytics/src/ip-buckets.ts': 'its callers pass ip_activity or ips, in SQL they write (and list in SHARED)',
  'libs/analytics/src/filters/link-bits.ts': 'joins the link-days to an unnest of the segments (segmentsRelationSql), no table',
  'libs/analytics/src/filters/link-months.ts': 'reads the intervals its callers build over its own tables (and an unnest of the segments)',
};

/** SQL that names its table at run time: a keyword that reads or writes a table, then an interpolation. */
const DYNAMIC_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|TRUNCATE|TABLE)\s+\$\{/;

/** The tables each export of the rollup manifest lists (its values and keys that are strings of table names). */
function manifestTables(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return [...Object.keys(value), ...Object.values(value).flatMap(manifestTables)];
  return [];
}

/** `export name` (or `rollupTables('per')`) → the manifest tables a file means by using it. */
function manifestUses(text: string, inClicksLib: boolean): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  if (!inClicksLib && !/from\s+['"]@app\/clicks['"]/.test(text)) return uses;
  const tables = new Set(manifestTables(manifest.ROLLUP_TABLES).concat(manifest.CLICK_LOG));
  for (const [name, value] of Object.entries(manifest)) {
    if (typeof value === 'function' || !new RegExp(`\\b${name}\\b`).test(text)) continue;
    uses.set(
      name,
      manifestTables(value).filter((t) => tables.has(t)),
    );
  }
  for (const [, per] of text.matchAll(/\brollupTables\(\s*'(\w+)'\s*\)/g)) {
    uses.set(`rollupTables('${per}')`, manifest.rollupTables(per as manifest.RollupTable['per']));
  }
  return uses;
}

/** The ownership map, parsed from the markdown table under "### Table ownership" in docs/architecture.md. */
function ownershipMap(): Map<string, string> {
  const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = doc.split(/^## Table ownership$/m)[1]?.split(/^## /m)[0] ?? '';
  const owners = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !/^`?[a-z-]+`?$/.test(cells[1]) || cells[1] === 'lib') continue;
    const lib = cells[1].replaceAll('`', '');
    for (const t of cells[2].matchAll(/`([a-z0-9_]+)`/g)) owners.set(t[1], lib);
  }
  return owners;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !TEST_FILE.test(e.name) ? [path] : [];
  });
}

/** Tables named right after an SQL keyword that reads or writes them. */
const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|TRUNCATE|DELETE\s+FROM|TABLE(?:\s+IF\s+(?:NOT\s+)?EXISTS)?)\s+"?([a-z][a-z0-9_]*)"?/g;

function tablesIn(text: string): Set<string> {
  return new Set([...text.matchAll(SQL_TABLE)].map((m) => m[1]));
}

/** The text of a migration's up(), up to its down(). */
const upOf = (text: string) => text.slice(text.indexOf('async up('), text.indexOf('async down('));

describe('table ownership (docs/architecture.md)', () => {
  const owners = ownershipMap();

  it('reads an owner for every table of the schema from the document', () => {
    expect(owners.get('users')).toBe('identity');
    expect(owners.get('links')).toBe('links');
    expect(owners.get('events')).toBe('event-store');
    expect(owners.get('link_clicks_15m')).toBe('clicks');
    const migrations = readdirSync(join(ROOT, 'libs', 'database', 'src', 'migrations'))
      .sort()
      .map((f) => readFileSync(join(ROOT, 'libs', 'database', 'src', 'migrations', f), 'utf8'));
    // The schema after every up(), in order: a table a later migration drops for good (owner_geo_daily) is gone.
    const live = new Set<string>();
    for (const text of migrations) {
      for (const [, verb, table] of upOf(text).matchAll(
        /(CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?|RENAME TO |DROP TABLE (?:IF EXISTS )?)"?([a-z][a-z0-9_]*)/g,
      )) {
        if (verb.startsWith('DROP')) live.delete(table);
        else live.add(table);
      }
    }
    expect(live.has('owner_geo_daily')).toBe(false);
    for (const t of ['clicks', 'link_tech_daily', 'ip_seen_daily', 'users']) expect(live.has(t)).toBe(true);
    const schema = [...live].filter((t) => !t.startsWith('clicks_partitioned') && t !== 'clicks_plain');
    expect([...new Set(schema)].filter((t) => !owners.has(t))).toEqual([]);
  });

  it('the rollup manifest lists only tables the clicks lib owns', () => {
    for (const table of [manifest.CLICK_LOG, ...Object.keys(manifest.ROLLUP_TABLES)])
      expect({ table, owner: owners.get(table) }).toEqual({ table, owner: 'clicks' });
  });

  it('sees table names built at run time through the rollup manifest', () => {
    const deleting = `import { rollupTables } from '@app/clicks';\nfor (const t of rollupTables('owner')) await m.query(\`DELETE FROM \${t}\`);`;
    expect(DYNAMIC_TABLE.test(deleting)).toBe(true);
    expect([...manifestUses(deleting, false)]).toEqual([["rollupTables('owner')", manifest.rollupTables('owner')]]);
    expect(manifestUses(deleting, false).get("rollupTables('owner')")).toContain('owner_geo_monthly');
    const families = `import { ROLLUP_FAMILIES } from '@app/clicks';\nconst f = ROLLUP_FAMILIES.linkGeo;`;
    expect(manifestUses(families, false).get('ROLLUP_FAMILIES')).toEqual(expect.arrayContaining(['link_geo_15m', 'owner_clicks_daily']));
    // A name of the manifest's from somewhere else is not a use of it.
    expect(manifestUses('const ROLLUP_TABLES = [];', false).size).toBe(0);
  });

  it('finds tables named in SQL', () => {
    expect([...tablesIn('SELECT u.id FROM users u JOIN link_stats s ON true; DELETE FROM ips; INSERT INTO events')]).toEqual([
      'users',
      'link_stats',
      'ips',
      'events',
    ]);
  });

  it('no lib or app mentions, in SQL, a table another lib owns (outside the documented shared list)', () => {
    const problems: string[] = [];
    const used = new Set<string>();
    const parts = [
      ...readdirSync(join(ROOT, 'libs')).map((name) => ({ dir: join(ROOT, 'libs', name), owns: name })),
      // Apps own no table: they call the libs (the redirector's hot path is the listed exception).
      ...readdirSync(join(ROOT, 'apps'))
        .filter((name) => name !== 'web')
        .map((name) => ({ dir: join(ROOT, 'apps', name), owns: null })),
    ];
    for (const { dir, owns } of parts) {
      for (const file of sourceFiles(dir)) {
        const where = relative(ROOT, file).split(sep).join('/');
        const text = readFileSync(file, 'utf8');
        const named: [string, string[]][] = [...tablesIn(text)].map((table) => [table, [table]]);
        const uses = manifestUses(text, owns === 'clicks');
        named.push(...uses);
        if (DYNAMIC_TABLE.test(text) && uses.size === 0) {
          if (DYNAMIC[where]) used.add(`dynamic:${where}`);
          else problems.push(`${where}: a table name built at run time, from no export of the rollup manifest (add it there, or to DYNAMIC)`);
        }
        for (const [mention, tables] of named) {
          const foreign = tables.filter((table) => owners.has(table) && owners.get(table) !== owns);
          if (foreign.length === 0) continue;
          const key = `${where}:${mention}`;
          if (SHARED[key]) used.add(key);
          else problems.push(`${key} (${foreign.map((table) => `${table} owned by ${owners.get(table)}`).join(', ')})`);
        }
      }
    }
    expect(problems).toEqual([]);
    // An entry whose mention is gone must leave the list, so the list always shows what remains.
    expect(Object.keys(SHARED).filter((k) => !used.has(k))).toEqual([]);
    expect(Object.keys(DYNAMIC).filter((k) => !used.has(`dynamic:${k}`))).toEqual([]);
  });
});
