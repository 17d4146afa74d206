import type { ImportFormat } from '@app/contracts';

/** One link to import, normalised from any format; absent fields are undefined. */
export interface ImportRow {
  /** 1-based data row (header not counted). */
  row: number;
  url: string;
  code?: string;
  name?: string;
  tags?: string[];
  expiresAt?: string;
}

/**
 * Where each product writes each field (column names as its link export writes them; compared case-insensitively,
 * spaces/underscores/hyphens ignored). `short` columns hold a full short URL (or `/code/`) whose last path segment is
 * the code; a list (Bitly's custom_bitlinks) gives its first item. Each format's columns were taken from that
 * product's own code, cited above its entry below.
 */
export interface FormatSpec {
  url: string[];
  code?: string[];
  short?: string[];
  name?: string[];
  tags?: string[];
  /** How a tags cell is split into tags. */
  splitTags?: (cell: string) => string[];
  expiresAt?: string[];
  /** JSON exports: the array of links, or where it sits. */
  jsonList?: string[];
  /** Cells the product prefixed with `'` against spreadsheet formulas (`'=x` → `=x`). */
  unneutralize?: boolean;
}

export const FORMAT_SPECS: Record<ImportFormat, FormatSpec> = {
  // Ours (docs/product.md#imports-and-exports): url (required), code, name, tags (`;`-separated), expiresAt.
  csv: { url: ['url'], code: ['code'], name: ['name'], tags: ['tags'], splitTags: (c) => c.split(';'), expiresAt: ['expiresAt'] },

  // Bitly has no documented file export; its link list is the v4 API `GET /v4/groups/{group_guid}/bitlinks` →
  // `{ links: [{ id: "bit.ly/abc", link, custom_bitlinks: [...], long_url, title, tags: [...], created_at }] }`, as
  // shlinkio/shlink-importer src/Sources/Bitly/BitlyApiImporter.php reads it (custom_bitlinks[0] before link; tags an
  // array). The same names as CSV columns (tags `,`/`;`/`|`-separated) are accepted too.
  bitly: {
    url: ['long_url'],
    short: ['custom_bitlinks', 'link', 'id'],
    name: ['title'],
    tags: ['tags'],
    splitTags: (c) => c.split(/[;,|]/),
    jsonList: ['links'],
  },

  // YOURLS has no export of its own. Two shapes: its `yourls_url` table as dumped (columns from YOURLS/YOURLS
  // includes/functions-install.php yourls_create_sql_tables: keyword, url, title, timestamp, ip, clicks — what
  // shlinkio/shlink-importer src/Sources/Yourls/YourlsImporter.php reads too), and the CSV of the
  // YOURLS-Import-Export plugin (GautamGupta/YOURLS-Import-Export fileio/csv.php: `source,target,hits`, source `/keyword/`).
  yourls: { url: ['url', 'target'], code: ['keyword'], short: ['source'], name: ['title'] },

  // Kutt has no file export: its links are `GET /api/v2/links` → `{ total, limit, skip, data: [...] }` with items from
  // thedevs-network/kutt server/utils/utils.js sanitize.link (id, address, target, description, expire_in, domain,
  // link, visit_count, created_at, …), as shlinkio/shlink-importer src/Sources/Kutt/KuttImporter.php reads them.
  // expire_in is a timestamp (ISO from Postgres, `YYYY-MM-DD hh:mm:ss` UTC from SQLite).
  kutt: { url: ['target'], code: ['address'], short: ['link'], name: ['description'], expiresAt: ['expire_in'], jsonList: ['data'] },

  // Shlink's web client export (shlinkio/shlink-web-component src/short-urls/helpers/ExportShortUrlsBtn.tsx):
  // createdAt, domain, shortCode, shortUrl, longUrl, title, tags (`|`-joined; `,` in older clients), visits. Tags are
  // split as Shlink's own CSV import does (shlinkio/shlink-importer src/Sources/Csv/CsvImporter.php: `,` if the cell
  // has one, else `|`), which also reads its `Long URL` / `Short code` spelling. JSON: the REST API's shortUrls.data.
  shlink: {
    url: ['longUrl'],
    code: ['shortCode'],
    short: ['shortUrl'],
    name: ['title'],
    tags: ['tags'],
    splitTags: (c) => c.split(c.includes(',') ? ',' : '|'),
    jsonList: ['shortUrls.data', 'data'],
  },

  // Dub's links export (dubinc/dub apps/web/app/api/links/export/route.ts + lib/api/links/format-links-for-export.ts;
  // columns and labels from apps/web/lib/zod/schemas/links.ts exportLinksColumns): Short link, Destination URL,
  // Clicks, [Leads, Conversions, Revenue], Created at, Link ID, Updated at, Tags (`, `-joined), Archived — no title
  // and no expiry. Cells are written by lib/analytics/utils/convert-to-csv.ts, which prefixes `'` to cells starting
  // with = + - @. JSON (the API's link objects, same file's LinkSchema): url, key, shortLink, title, tags, expiresAt.
  dub: {
    url: ['Destination URL', 'url'],
    code: ['key'],
    short: ['Short link', 'shortLink'],
    name: ['title'],
    tags: ['Tags'],
    splitTags: (c) => c.split(','),
    expiresAt: ['expiresAt'],
    unneutralize: true,
  },
};

export const columnKey = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '');
