import type { DataSource } from 'typeorm';
import type { LinkDto } from '@app/contracts';
import { selectLinks } from './link-read-store.js';

/**
 * `GET /api/links/export` (docs/product.md#imports-and-exports): every link of the workspace with all its fields. The ONE mapping from a link
 * to an export record: it is the link as every link response carries it, so a field added to LinkDto (and to
 * selectLinks) is exported without another edit. Columns for CSV are the record's keys in this order.
 */
function linkExportRecord(link: LinkDto): Record<string, unknown> {
  const { ownerUsername: _owner, ...record } = link;
  return record;
}

/** The links of one workspace (also for admins: an export is of the workspace the call names), newest first. */
export async function selectLinksForExport(dataSource: DataSource, ownerId: string, shortBaseUrl: string): Promise<Record<string, unknown>[]> {
  const links = await selectLinks(dataSource, { filter: { scope: { ownerId } }, zone: 0, ownerNames: null, shortBaseUrl });
  return links.map(linkExportRecord);
}
