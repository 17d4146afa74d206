import { codeOfShortUrl, count, dateOf, pick, tagList, text, type ImportRow } from '../import-row.js';
import { createdAtOf, expiryOf, has, isObject, listAt, type ImportShape } from './shape.js';

/**
 * The web client's CSV export (shlinkio/shlink-web-component src/short-urls/helpers/ExportShortUrlsBtn.tsx through
 * ReportExporter's json-to-CSV: comma, quotes only where needed, CRLF): createdAt, domain, shortCode, shortUrl,
 * longUrl, title, tags (`|`-joined), visits. Shlink's own CSV importer spelling (Long URL, Short code) is read too.
 */
export const shlinkWebCsv: ImportShape = {
  format: 'shlink',
  label: 'Shlink web client CSV export',
  kind: 'csv',
  header: (k) => (k.has('longurl') && k.has('shortcode')) || (has(k, 'longurl') && k.has('shorturl') && !k.has('destinationurl')),
  toRows: (r, row, note) => [
    {
      row,
      url: text(pick(r, 'longUrl')) ?? '',
      code: text(pick(r, 'shortCode')) ?? codeOfShortUrl(pick(r, 'shortUrl')),
      name: text(pick(r, 'title')),
      tags: tagList(pick(r, 'tags'), /\|/),
      createdAt: createdAtOf(pick(r, 'createdAt', 'dateCreated'), note),
      importedClicks: count(pick(r, 'visits')),
    },
  ],
};

/**
 * The REST API's `GET /rest/v3/short-urls` → `{ shortUrls: { data: [...], pagination } }`, items from Shlink's
 * ShortUrlDataTransformer: shortCode, shortUrl, longUrl, dateCreated, visitsSummary { total, nonBots, bots } (older
 * versions: visitsCount), tags, meta { validSince, validUntil, maxVisits }, domain, title. validUntil is the expiry;
 * maxVisits counts the visits already made there, so the limit here is what was left (none left: skipped).
 */
export const shlinkRestJson: ImportShape = {
  format: 'shlink',
  label: 'Shlink REST short-urls JSON',
  kind: 'json',
  list: (v) =>
    listAt(v, 'shortUrls.data', 'longUrl') ??
    listAt(v, 'data', 'longUrl', 'shortCode') ??
    (Array.isArray(v) ? listAt(v, '', 'longUrl', 'shortCode') : null),
  toRows: (r, row, note) => {
    const meta = isObject(r.meta) ? r.meta : {};
    const summary = isObject(r.visitssummary) ? r.visitssummary : {};
    const visits = count(summary.total) ?? count(pick(r, 'visitsCount'));
    const maxVisits = count(meta.maxVisits);
    const validSince = dateOf(meta.validSince);
    const out: ImportRow = {
      row,
      url: text(pick(r, 'longUrl')) ?? '',
      code: text(pick(r, 'shortCode')) ?? codeOfShortUrl(pick(r, 'shortUrl')),
      name: text(pick(r, 'title')),
      tags: tagList(pick(r, 'tags'), /\|/),
      expiresAt: expiryOf(meta.validUntil),
      createdAt: createdAtOf(pick(r, 'dateCreated'), note),
      importedClicks: visits,
    };
    if (maxVisits !== undefined && maxVisits > 0) {
      const left = maxVisits - (visits ?? 0);
      if (left <= 0) out.skip = `reached its limit of ${maxVisits} visits in Shlink: not imported, so it does not redirect again.`;
      else {
        out.maxClicks = left;
        if (visits) note(`visit limit ${maxVisits} with ${visits} already made in Shlink: ${left} clicks left here.`);
      }
    }
    if (validSince && 'iso' in validSince && Date.parse(validSince.iso) > Date.now())
      out.skip = `valid only from ${validSince.iso} in Shlink, and a link here has no start date: not imported, so it is not public early.`;
    return [out];
  },
};
