import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ownerNamesByIds } from '@app/identity';
import { LINKS_HANDLERS, OWNER_NAMES, type OwnerNames } from '@app/links';
import { DomainsController } from '../controllers/links/domains.controller.js';
import { LinksController } from '../controllers/links/links.controller.js';
import { TagsController } from '../controllers/links/tags.controller.js';
import { LinkExportController } from '../controllers/integrations/link-export.controller.js';

/** Owner names on admins' link lists come from identity, the owner of `users`. */
const ownerNames = {
  provide: OWNER_NAMES,
  useFactory:
    (dataSource: DataSource): OwnerNames =>
    (ids) =>
      ownerNamesByIds(dataSource, ids),
  inject: [DataSource],
};

/**
 * Links, tags and custom domains: their controllers and handlers (the `links`/`domains` projections are in
 * ../projections.ts). The export controller comes first so `/api/links/export` wins over `GET /api/links/:id`.
 */
@Module({
  imports: [],
  controllers: [LinkExportController, LinksController, DomainsController, TagsController],
  providers: [...LINKS_HANDLERS, ownerNames],
})
export class LinksApiModule {}
