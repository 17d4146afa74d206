import { codeOfShortUrl, count, pick, tagList, text, truthy, type ImportRow } from '../import-row.js';
import { createdAtOf, listAt, type ImportShape } from './shape.js';

/**
 * Every back-half of a Bitly link redirected there: the custom ones (custom_bitlinks / "Custom Link", in order) and
 * the generated one (link / "Link"). Each becomes a link to the same destination; the click total goes on the first.
 */
function bitlyRows(base: Omit<ImportRow, 'code' | 'alias'>, shorts: string[], note: (t: string) => void): ImportRow[] {
  const codes = [...new Set(shorts.map(codeOfShortUrl).filter((c): c is string => !!c))];
  if (codes.length > 1) note(`${codes.length} back-halves (${codes.join(', ')}) kept as ${codes.length} links to the same destination.`);
  if (codes.length === 0) return [{ ...base }];
  return codes.map((code, i) => (i === 0 ? { ...base, code } : { ...base, code, alias: i, importedClicks: undefined }));
}

/** A list of short links: a JSON list, or a cell of several separated by spaces, commas, `;` or `|` (a link itself has none). */
const shortsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(/[\s,;|]+/) : []);
const oneShort = (v: unknown): string[] => (typeof v === 'string' && v.trim() ? [v.trim()] : []);

/**
 * The v4 API's `GET /v4/groups/{group_guid}/bitlinks` → `{ links: [...], pagination }`: items with id ("bit.ly/abc"),
 * link, custom_bitlinks (every custom back-half), long_url, title, archived, created_at ("2020-10-26T17:20:40+0000"),
 * tags — as shlinkio/shlink-importer src/Sources/Bitly/BitlyApiImporter.php reads them. No click totals in it.
 */
export const bitlyApiJson: ImportShape = {
  format: 'bitly',
  label: 'Bitly API bitlinks JSON',
  kind: 'json',
  list: (v) => listAt(v, 'links', 'long_url') ?? (Array.isArray(v) ? listAt(v, '', 'long_url') : null),
  toRows: (r, row, note) => {
    const base = {
      row,
      archived: truthy(pick(r, 'archived')) || undefined,
      url: text(pick(r, 'long_url')) ?? '',
      name: text(pick(r, 'title')),
      tags: tagList(pick(r, 'tags'), /[;,|]/),
      createdAt: createdAtOf(pick(r, 'created_at'), note),
    };
    return bitlyRows(base, [...shortsOf(pick(r, 'custom_bitlinks')), ...oneShort(pick(r, 'link', 'id'))], note);
  },
};

/**
 * The dashboard's CSV export (Links → Export). Bitly publishes no source for it; its columns as users receive them:
 * Title, Link (the bit.ly link), Custom Link (custom back-halves), Destination URL, Date Created, Tags, and an
 * engagement total (Clicks / Engagements / Total Engagements). Recognised by its Link/Custom Link + Destination URL
 * pair; the API's own names as CSV columns (long_url, custom_bitlinks) are read too.
 */
export const bitlyDashboardCsv: ImportShape = {
  format: 'bitly',
  label: 'Bitly dashboard CSV export',
  kind: 'csv',
  header: (k) =>
    (k.has('destinationurl') && (k.has('customlink') || k.has('customlinks') || k.has('link') || k.has('bitlink'))) ||
    (k.has('longurl') && (k.has('custombitlinks') || k.has('link') || k.has('id'))),
  toRows: (r, row, note) => {
    const base = {
      row,
      url: text(pick(r, 'Destination URL', 'Long URL', 'long_url')) ?? '',
      name: text(pick(r, 'Title')),
      tags: tagList(pick(r, 'Tags'), /[;,|]/),
      createdAt: createdAtOf(pick(r, 'Date Created', 'Created', 'created_at', 'Created At'), note),
      importedClicks: count(pick(r, 'Clicks', 'Engagements', 'Total Engagements', 'Total Clicks')),
    };
    const shorts = [...shortsOf(pick(r, 'Custom Link', 'Custom Links', 'custom_bitlinks')), ...oneShort(pick(r, 'Link', 'Bitlink', 'id'))];
    return bitlyRows(base, shorts, note);
  },
};
