import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { LinkByCodeDto } from '@app/contracts';
import { LinksErrors } from '../model/links.errors.js';
import { normalizeHost } from '../model/link-rules.js';

/**
 * The public lookup behind the web app's custom-domain fallback: `host` is the custom domain asked for (query
 * `?domain=` or the request's Host). A host that is no registered active domain means the default short host.
 * A link with controls (password, expiry, click limit, rules, variants, utm) is only served by the redirector, which
 * applies them: here it does not exist (this lookup must never reveal a password link's destination).
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
    const [domain] = host
      ? await this.dataSource.query<{ id: string; domain: string }[]>('SELECT id, domain FROM domains WHERE lower(domain) = $1 AND is_active', [host])
      : [];
    const rows = await this.dataSource.query<
      { original_url: string; short_code: string; og_title: string | null; og_description: string | null; og_image: string | null }[]
    >(
      `SELECT original_url, short_code, og_title, og_description, og_image FROM links
         WHERE COALESCE(domain_id, '${NIL}'::uuid) = $1::uuid AND short_code = $2
           AND controls IS NULL AND password_id IS NULL`,
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
