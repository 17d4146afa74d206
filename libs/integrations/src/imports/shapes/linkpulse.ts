import { REDIRECT_TYPES, type LinkRule, type LinkUtm, type LinkVariant, type RedirectType } from '@app/contracts';
import { count, pick, tagList, text, truthy, unneutralized, type ImportRow, type Rec } from '../import-row.js';
import { createdAtOf, expiryOf, has, listAt, type ImportShape } from './shape.js';

/** A JSON cell of our own CSV export (rules, variants, utm), or the value itself in the JSON export. */
function structured<T>(v: unknown): T | undefined {
  if (typeof v !== 'string') return v === null || v === undefined ? undefined : (v as T);
  if (!v.trim()) return undefined;
  try {
    return JSON.parse(v) as T;
  } catch {
    return undefined;
  }
}

/**
 * A record of LinkPulse's own `GET /api/links/export` (libs/links/src/queries/link-export.ts: the LinkDto of every
 * link; CSV by apps/api/controllers/integrations/link-export.controller.ts, tags `;`-joined, rules/variants/utm as
 * JSON, formula-looking cells prefixed with `'`) → a row with every field a link can be created with. Its click
 * total (clickCount + importedClicks) becomes importedClicks; a click limit keeps only the clicks left.
 */
function ownRow(raw: Rec, row: number, note: (t: string) => void): ImportRow {
  const r = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, unneutralized(v)]));
  const clicks = (count(pick(r, 'clickCount')) ?? 0) + (count(pick(r, 'importedClicks')) ?? 0);
  const maxClicks = count(pick(r, 'maxClicks'));
  const redirect = Number(pick(r, 'redirectType'));
  const rules = structured<LinkRule[]>(pick(r, 'rules'));
  const out: ImportRow = {
    row,
    url: text(pick(r, 'originalUrl')) ?? '',
    code: text(pick(r, 'shortCode')),
    name: text(pick(r, 'name')),
    tags: tagList(pick(r, 'tags'), /;/),
    expiresAt: expiryOf(pick(r, 'expiresAt')),
    expiredUrl: text(pick(r, 'expiredUrl')),
    redirectType: (REDIRECT_TYPES as readonly number[]).includes(redirect) ? (redirect as RedirectType) : undefined,
    rules: rules && rules.length ? rules : undefined,
    variants: structured<LinkVariant[]>(pick(r, 'variants')),
    utm: structured<LinkUtm>(pick(r, 'utm')),
    ogTitle: text(pick(r, 'ogTitle')),
    ogDescription: text(pick(r, 'ogDescription')),
    ogImage: text(pick(r, 'ogImage')),
    createdAt: createdAtOf(pick(r, 'createdAt'), note),
    importedClicks: clicks || undefined,
    archived: truthy(pick(r, 'archived')) || undefined,
  };
  if (maxClicks !== undefined) {
    if (maxClicks - clicks <= 0) out.skip = `reached its limit of ${maxClicks} clicks: not imported, so it does not redirect again.`;
    else out.maxClicks = maxClicks - clicks;
  }
  if (truthy(pick(r, 'hasPassword')))
    out.skip = 'password-protected, and exports never carry passwords: not imported, so it is never public without one.';
  return out;
}

export const linkpulseExportCsv: ImportShape = {
  format: 'csv',
  label: 'LinkPulse links export CSV',
  kind: 'csv',
  header: (k) => has(k, 'shortcode', 'originalurl'),
  toRows: (r, row, note) => [ownRow(r, row, note)],
};

export const linkpulseExportJson: ImportShape = {
  format: 'csv',
  label: 'LinkPulse links export JSON',
  kind: 'json',
  list: (v) => (Array.isArray(v) ? listAt(v, '', 'originalUrl', 'shortCode') : null),
  toRows: (r, row, note) => [ownRow(r, row, note)],
};

/** The generic CSV (docs/architecture.md "Imports"): url (required), code, name, tags (`;`-separated), expiresAt, createdAt. */
export const genericCsv: ImportShape = {
  format: 'csv',
  label: 'CSV (url, code, name, tags, expiresAt)',
  kind: 'csv',
  header: (k) => k.has('url'),
  toRows: (r, row, note) => [
    {
      row,
      url: text(pick(r, 'url')) ?? '',
      code: text(pick(r, 'code')),
      name: text(pick(r, 'name', 'title')),
      tags: tagList(pick(r, 'tags'), /;/),
      expiresAt: expiryOf(pick(r, 'expiresAt')),
      createdAt: createdAtOf(pick(r, 'createdAt'), note),
    },
  ],
};
