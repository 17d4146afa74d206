import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { LinkByCodeDto } from '@app/contracts';
import { LinksErrors } from '../domain/links.errors.js';
import { normalizeHost } from '../domain/link-rules.js';

/**
 * The public lookup behind the web app's custom-domain fallback: `host` is the custom domain asked for (query
 * `?domain=` or the request's Host). A host that is no registered active domain means the default short host.
 */
export class GetLinkByCodeQuery extends Query<LinkByCodeDto> {
  constructor(
    readonly code: string,
    readonly host: string | null,
  ) {
    super();
  }
}

const NIL = '00000000-0000-0000-0000-000000000000';

@QueryHandler(GetLinkByCodeQuery)
export class GetLinkByCodeHandler implements IQueryHandler<GetLinkByCodeQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(q: GetLinkByCodeQuery): Promise<LinkByCodeDto> {
    const host = q.host ? normalizeHost(q.host) : null;
    const [domain]: { id: string; domain: string }[] = host
      ? await this.dataSource.query('SELECT id, domain FROM domains WHERE lower(domain) = $1 AND is_active', [host])
      : [];
    const rows: { original_url: string; short_code: string; og_title: string | null; og_description: string | null; og_image: string | null }[] =
      await this.dataSource.query(
        `SELECT original_url, short_code, og_title, og_description, og_image FROM links
         WHERE COALESCE(domain_id, '${NIL}'::uuid) = $1::uuid AND short_code = $2`,
        [domain?.id ?? NIL, q.code],
      );
    if (rows.length === 0) throw LinksErrors.linkNotFound();
    const r = rows[0];
    return {
      originalUrl: r.original_url,
      shortCode: r.short_code,
      domain: domain?.domain ?? null,
      ogTitle: r.og_title,
      ogDescription: r.og_description,
      ogImage: r.og_image,
    };
  }
}
