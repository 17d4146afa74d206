import type { SqlParams } from '@app/database';
import { whoseLinksSql, type LinkScope } from './link-scope.js';

/**
 * Which links a list holds, as typed values (never SQL text): the scope, then optional narrowing. The SQL is built
 * in one place (`linkFilterSql`) with every value bound as a parameter.
 */
export interface LinkFilter {
  scope: LinkScope;
  ids?: readonly string[];
  /** Case-insensitive substring of the name, short code or original URL (trigram-indexed per workspace: migration LinkSearchByOwner). */
  search?: string;
  /** Links carrying any of these tags. */
  tags?: readonly string[];
  /** A custom domain's id; null = the default short host; absent = any. */
  domainId?: string | null;
  /** Absent = archived and live alike. */
  archived?: boolean;
}

/** The searched columns, case-folded as their trigram indexes are (migrations LinkSearchPerColumn, LinkSearchByOwner). */
const SEARCHED = ['lower(l.name)', 'lower(l.short_code)', 'lower(l.original_url)'];

/** `%term%` for LIKE with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE condition on `links l` (columns of links, plus nothing joined) for a filter. */
export function linkFilterSql(f: LinkFilter, p: SqlParams): string {
  const conditions = [whoseLinksSql(f.scope, p)];
  if (f.ids !== undefined) conditions.push(`l.id = ANY(${p.add(f.ids)}::uuid[])`);
  if (f.search) {
    const pattern = `lower(${p.add(containsPattern(f.search))})`;
    conditions.push(`(${SEARCHED.map((column) => `${column} LIKE ${pattern}`).join(' OR ')})`);
  }
  if (f.tags !== undefined && f.tags.length > 0) conditions.push(`l.tags && ${p.add(f.tags)}::text[]`);
  if (f.domainId === null) conditions.push('l.domain_id IS NULL');
  else if (f.domainId !== undefined) conditions.push(`l.domain_id = ${p.add(f.domainId)}::uuid`);
  if (f.archived !== undefined) conditions.push(f.archived ? 'l.archived' : 'NOT l.archived');
  return conditions.join(' AND ');
}
