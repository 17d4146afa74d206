import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { Allow, ArrayMaxSize, ArrayMinSize, IsArray, validateSync, type ValidationError } from 'class-validator';
import { AppError, BULK_ACTIONS, BULK_CREATE_MAX, BULK_IDS_MAX, type BulkAction, type CreateLinkRequest, type WorkspaceAccess } from '@app/contracts';
import type { BulkActionInput } from '@app/links';
import { CreateLinkDto } from './link-requests.dto.js';
import { parseLinkListFilter } from './link-list-query.js';

const LINKS_COUNT = `links must be a list of 1 to ${BULK_CREATE_MAX} links.`;
/** A body of 1,000 create payloads (URLs up to 2,048 characters, controls): well under 4 MB. */
export const BULK_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** `POST /api/links/bulk`: each element is checked like a single create's body (checkEach), by index. */
export class BulkCreateDto {
  @ApiProperty({ type: [CreateLinkDto], minItems: 1, maxItems: BULK_CREATE_MAX })
  @ArrayMaxSize(BULK_CREATE_MAX, { message: LINKS_COUNT })
  @ArrayMinSize(1, { message: LINKS_COUNT })
  @IsArray({ message: LINKS_COUNT })
  links: unknown[];
}

/** The elements valid as a create body (with their index) and, by index, the first message of each invalid one. */
export function checkEach(items: unknown[]): {
  valid: { index: number; request: CreateLinkRequest }[];
  invalid: { index: number; message: string }[];
} {
  const valid: { index: number; request: CreateLinkRequest }[] = [];
  const invalid: { index: number; message: string }[] = [];
  items.forEach((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return invalid.push({ index, message: 'Each link must be an object.' });
    const dto = plainToInstance(CreateLinkDto, item);
    const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
    if (errors.length) invalid.push({ index, message: firstMessage(errors[0]) });
    else valid.push({ index, request: dto });
  });
  return { valid, invalid };
}

function firstMessage(e: ValidationError): string {
  const own = Object.values(e.constraints ?? {})[0];
  if (own) return own;
  return e.children?.length ? firstMessage(e.children[0]) : `${e.property} is not valid.`;
}

/** `POST /api/links/bulk-actions`. The rules (exactly one of ids and filter, what each action needs) are the handler's. */
export class BulkActionRequestDto {
  @ApiProperty({ enum: BULK_ACTIONS }) @Allow() action: BulkAction;
  @ApiPropertyOptional({ type: [String], maxItems: BULK_IDS_MAX, description: 'The chosen links; or send filter.' }) @Allow() ids?: unknown;
  @ApiPropertyOptional({ description: '{search, tag, domainId, archived} as GET /api/links takes them: every matching link you may change.' })
  @Allow()
  filter?: unknown;
  @ApiPropertyOptional({ type: [String], description: 'addTags / removeTags.' }) @Allow() tags?: unknown;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time', description: 'setExpiry; null clears.' }) @Allow() expiresAt?: unknown;
}

const FILTER_KEYS = ['search', 'tag', 'domainId', 'archived'];

/** The request with its filter parsed by the list's own parser (the same 400s as GET /api/links). */
export function bulkActionInput(body: BulkActionRequestDto, ws: WorkspaceAccess): BulkActionInput {
  const { filter, ...rest } = body;
  if (filter === undefined) return rest;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new AppError(400, 'filter must be an object.');
  const unknown = Object.keys(filter).find((k) => !FILTER_KEYS.includes(k));
  if (unknown) throw new AppError(400, `filter.${unknown} is not a filter (use ${FILTER_KEYS.join(', ')}).`);
  const f = filter as Record<string, unknown>;
  const archived = typeof f.archived === 'boolean' ? String(f.archived) : f.archived;
  return { ...rest, filter: parseLinkListFilter({ ...f, archived }, ws) };
}
