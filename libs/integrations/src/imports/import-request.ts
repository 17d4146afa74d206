import type { CreateLinkRequest } from '@app/contracts';
import type { ImportRow } from './import-row.js';

/** What the links' batch create takes for one import row: the create request, and what the source knew. */
export type ImportedLinkRequest = CreateLinkRequest & {
  imported: { createdAt?: string; importedClicks?: number; source: string; archived?: boolean };
};

/** The one mapping from an import row to a link create request (the import and its dry run both use it). */
export function importedLinkRequest(row: ImportRow, domainId: string | null, source: string): ImportedLinkRequest {
  return {
    originalUrl: row.url,
    name: row.name,
    shortCode: row.code,
    domainId: domainId ?? undefined,
    tags: row.tags,
    expiresAt: row.expiresAt,
    expiredUrl: row.expiredUrl,
    maxClicks: row.maxClicks,
    password: row.password,
    redirectType: row.redirectType,
    rules: row.rules,
    variants: row.variants,
    utm: row.utm,
    ogTitle: row.ogTitle,
    ogDescription: row.ogDescription,
    ogImage: row.ogImage,
    imported: { createdAt: row.createdAt, importedClicks: row.importedClicks, source, archived: row.archived },
  };
}

/** Why a row is skipped before any link rule is asked (a disabled or banned link, no destination); null: ask them. */
export const rowSkipReason = (row: ImportRow): string | null => row.skip ?? (row.url ? null : 'url is missing.');
