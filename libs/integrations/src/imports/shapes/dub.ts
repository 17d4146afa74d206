import { LINK_LIMITS } from '@app/contracts';
import { codeOfShortUrl, count, pick, tagList, text, truthy, unneutralized, type Rec } from '../import-row.js';
import { createdAtOf, expiryOf, listAt, type ImportShape } from './shape.js';

const clean = (r: Rec): Rec => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, unneutralized(v)]));

/**
 * The dashboard's CSV export (dubinc/dub apps/web/app/api/links/export/route.ts, cells by
 * apps/web/lib/analytics/utils/convert-to-csv.ts, json-2-csv): the columns the user ticked, under their keys
 * (link, url, clicks, createdAt, id, updatedAt, tags `, `-joined, archived) or, in other versions, their labels
 * (Short link, Destination URL, Clicks, Created at, Link ID, Updated at, Tags, Archived). Any subset is read; the
 * only one needed is the destination. Cells some versions prefixed with `'` against spreadsheet formulas are restored.
 */
export const dubCsv: ImportShape = {
  format: 'dub',
  label: 'Dub dashboard CSV export',
  kind: 'csv',
  header: (k) =>
    k.has('shortlink') || (k.has('linkid') && k.has('destinationurl')) || (k.has('url') && (k.has('link') || k.has('key')) && !k.has('shortcode')),
  toRows: (raw, row, note) => {
    const r = clean(raw);
    return [
      {
        row,
        archived: truthy(pick(r, 'archived')) || undefined,
        url: text(pick(r, 'Destination URL', 'url')) ?? '',
        code: text(pick(r, 'key')) ?? codeOfShortUrl(pick(r, 'Short link', 'link', 'shortLink')),
        name: text(pick(r, 'title')),
        tags: tagList(pick(r, 'Tags'), /,/),
        createdAt: createdAtOf(pick(r, 'Created at', 'createdAt'), note),
        importedClicks: count(pick(r, 'Clicks')),
      },
    ];
  },
};

/**
 * The API's `GET /api/links` → a list of LinkSchema items (dubinc/dub apps/web/lib/zod/schemas/links.ts): id, domain,
 * key, url, archived, expiresAt, expiredUrl, password (in plain text), title, description, image, tags
 * ([{ id, name, color }]), shortLink, clicks, createdAt, and disabledAt in newer versions. A disabled link is skipped
 * with its reason; a password comes along (too short for a password here: skipped, never public without it).
 */
export const dubApiJson: ImportShape = {
  format: 'dub',
  label: 'Dub API links JSON',
  kind: 'json',
  list: (v) => (Array.isArray(v) ? listAt(v, '', 'url', 'key') : (listAt(v, 'links', 'url', 'key') ?? listAt(v, 'data', 'url', 'key'))),
  toRows: (r, row, note) => {
    const password = text(pick(r, 'password'));
    const skip = pick(r, 'disabledAt')
      ? 'disabled in Dub: not imported (a disabled link is never made public).'
      : password !== undefined && password.length < LINK_LIMITS.passwordMin
        ? `its Dub password is shorter than the ${LINK_LIMITS.passwordMin} characters a link password needs here: not imported, so it is never public without one.`
        : undefined;
    const image = text(pick(r, 'image'));
    return [
      {
        row,
        archived: truthy(pick(r, 'archived')) || undefined,
        url: text(pick(r, 'url')) ?? '',
        code: text(pick(r, 'key')) ?? codeOfShortUrl(pick(r, 'shortLink')),
        name: text(pick(r, 'title')),
        tags: tagList(pick(r, 'tags'), /,/) ?? tagList(pick(r, 'tagNames'), /,/),
        expiresAt: expiryOf(pick(r, 'expiresAt')),
        expiredUrl: text(pick(r, 'expiredUrl')),
        password,
        ogTitle: truthy(pick(r, 'proxy')) ? text(pick(r, 'title')) : undefined,
        ogDescription: truthy(pick(r, 'proxy')) ? text(pick(r, 'description')) : undefined,
        ogImage: truthy(pick(r, 'proxy')) && image && /^https?:\/\//i.test(image) ? image : undefined,
        createdAt: createdAtOf(pick(r, 'createdAt'), note),
        importedClicks: count(pick(r, 'clicks')),
        skip,
      },
    ];
  },
};
