import { codeOfShortUrl, count, pick, text, truthy } from '../import-row.js';
import { createdAtOf, expiryOf, isObject, listAt, type ImportShape } from './shape.js';

/**
 * Kutt v2 `GET /api/v2/links` → `{ total, limit, skip, data: [...] }`, items from thedevs-network/kutt
 * server/utils/utils.js sanitize.link: id, address, banned, created_at, description, domain, expire_in, link
 * (`{ link, url }` in Kutt 3, a string before), password (a boolean: the password itself never leaves Kutt), target,
 * visit_count — as shlinkio/shlink-importer src/Sources/Kutt/KuttImporter.php reads them. A banned link, or one whose
 * password was not exported, is skipped with its reason, never made public.
 */
export const kuttLinksJson: ImportShape = {
  format: 'kutt',
  label: 'Kutt API v2 links JSON',
  kind: 'json',
  list: (v) => listAt(v, 'data', 'target', 'address') ?? (Array.isArray(v) ? listAt(v, '', 'target', 'address') : null),
  toRows: (r, row, note) => {
    const link = pick(r, 'link');
    const skip = truthy(pick(r, 'banned'))
      ? 'banned in Kutt: not imported (a banned link is never made public).'
      : truthy(pick(r, 'password'))
        ? 'password-protected in Kutt, and Kutt does not export passwords: not imported, so it is never public without one.'
        : undefined;
    return [
      {
        row,
        url: text(pick(r, 'target')) ?? '',
        code: text(pick(r, 'address')) ?? codeOfShortUrl(isObject(link) ? link.url : link),
        name: text(pick(r, 'description')),
        expiresAt: expiryOf(pick(r, 'expire_in')),
        createdAt: createdAtOf(pick(r, 'created_at'), note),
        importedClicks: count(pick(r, 'visit_count')),
        skip,
      },
    ];
  },
};
