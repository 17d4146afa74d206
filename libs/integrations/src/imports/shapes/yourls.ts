import { codeOfShortUrl, count, pick, text, type ImportRow, type Rec } from '../import-row.js';
import { createdAtOf, has, isObject, listAt, type ImportShape } from './shape.js';

/** A YOURLS link record (table row or API item) → a row; `NULL` (a dump's null) is no value. */
function yourlsRow(r: Rec, row: number, note: (t: string) => void, code: string | undefined): ImportRow {
  const notNull = (v: unknown) => (typeof v === 'string' && v.trim().toUpperCase() === 'NULL' ? undefined : v);
  return {
    row,
    url: text(notNull(pick(r, 'url', 'target'))) ?? '',
    code,
    name: text(notNull(pick(r, 'title'))),
    createdAt: createdAtOf(notNull(pick(r, 'timestamp')), note),
    importedClicks: count(notNull(pick(r, 'clicks', 'hits'))),
  };
}

/**
 * A CSV dump of the `yourls_url` table (phpMyAdmin, `mysql -e`, Adminer): keyword, url, title, timestamp
 * (`YYYY-MM-DD hh:mm:ss`), ip, clicks — columns from YOURLS/YOURLS includes/functions-install.php
 * yourls_create_sql_tables. A NULL title is written `NULL`: no name.
 */
export const yourlsTableCsv: ImportShape = {
  format: 'yourls',
  label: 'YOURLS yourls_url table CSV dump',
  kind: 'csv',
  header: (k) => has(k, 'keyword', 'url'),
  toRows: (r, row, note) => [yourlsRow(r, row, note, text(pick(r, 'keyword')))],
};

/** The YOURLS-Import-Export plugin's CSV (GautamGupta/YOURLS-Import-Export fileio/csv.php): source (`/keyword/`), target, hits. */
export const yourlsPluginCsv: ImportShape = {
  format: 'yourls',
  label: 'YOURLS Import-Export plugin CSV',
  kind: 'csv',
  header: (k) => has(k, 'source', 'target'),
  toRows: (r, row, note) => [yourlsRow(r, row, note, codeOfShortUrl(pick(r, 'source')) ?? text(pick(r, 'source'))?.replace(/^\/+|\/+$/g, ''))],
};

/**
 * The API's `action=stats` JSON (YOURLS includes/functions-api.php yourls_api_stats → yourls_get_stats):
 * `{ links: { link_1: { shorturl, url, title, timestamp, ip, clicks }, … }, stats, statusCode, message }`. The keyword
 * exists only inside `shorturl` (YOURLS_SITE/keyword), so it is that URL's last path segment.
 */
export const yourlsStatsJson: ImportShape = {
  format: 'yourls',
  label: 'YOURLS API action=stats JSON',
  kind: 'json',
  list: (v) => {
    const links = isObject(v) ? v.links : undefined;
    if (!isObject(links)) return null;
    const items = Object.values(links);
    return items.length > 0 && items.every((i) => isObject(i) && 'shorturl' in i) ? items : null;
  },
  toRows: (r, row, note) => [yourlsRow(r, row, note, codeOfShortUrl(pick(r, 'shorturl')))],
};

/**
 * The list Shlink's YOURLS importer reads (shlinkio/shlink-importer src/Sources/Yourls/YourlsImporter.php, action
 * `shlink-list` of the yourls-shlink-import plugin): `{ result: [{ keyword, url, title, timestamp, clicks }] }`.
 */
export const yourlsListJson: ImportShape = {
  format: 'yourls',
  label: 'YOURLS shlink-list JSON',
  kind: 'json',
  list: (v) => listAt(v, 'result', 'keyword', 'url'),
  toRows: (r, row, note) => [yourlsRow(r, row, note, text(pick(r, 'keyword')))],
};
