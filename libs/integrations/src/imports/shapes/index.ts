import type { ImportFormat } from '@app/contracts';
import { bitlyApiJson, bitlyDashboardCsv } from './bitly.js';
import { dubApiJson, dubCsv } from './dub.js';
import { kuttLinksJson } from './kutt.js';
import { genericCsv, linkpulseExportCsv, linkpulseExportJson } from './linkpulse.js';
import { shlinkRestJson, shlinkWebCsv } from './shlink.js';
import type { ImportShape } from './shape.js';
import { yourlsListJson, yourlsPluginCsv, yourlsStatsJson, yourlsTableCsv } from './yourls.js';

export type { ImportShape } from './shape.js';

/**
 * Every shape, most specific first: a file is read as the first shape that recognises its content, preferring the
 * chosen format's shapes (a Dub and a Bitly CSV both have a destination column), then any other (a Shlink file
 * uploaded as "csv" is still read as Shlink's). The generic CSV (a `url` column) comes last.
 */
export const IMPORT_SHAPES: readonly ImportShape[] = [
  linkpulseExportCsv,
  linkpulseExportJson,
  bitlyApiJson,
  bitlyDashboardCsv,
  yourlsStatsJson,
  yourlsListJson,
  yourlsPluginCsv,
  yourlsTableCsv,
  kuttLinksJson,
  shlinkRestJson,
  shlinkWebCsv,
  dubApiJson,
  dubCsv,
  genericCsv,
];

export const shapesOf = (format: ImportFormat): ImportShape[] => IMPORT_SHAPES.filter((s) => s.format === format);
