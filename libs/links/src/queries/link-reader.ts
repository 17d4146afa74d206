import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { LinkDto } from '@app/contracts';
import type { Zone } from '@app/time';
import type { Actor } from '../commands/actor.js';
import { isUuid } from '../commands/link-store.js';
import { LinksErrors } from '../model/links.errors.js';
import { linkScopeOf } from './link-list/link-scope.js';
import { selectLinks, type LinkSelection } from './link-read-store.js';
import { OWNER_NAMES, type OwnerNames } from './owner-names.js';

/**
 * Links as every link response carries them (`LinkDto`): read from the primary database (a link just written reads
 * back at once), with the deployment's short base URL and, in an admin's every-workspace view, each link's owner.
 * Each handler that answers with links reads them here, so a link looks the same whichever call returns it.
 */
@Injectable()
export class LinkReader {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'shortBaseUrl'>,
    @Inject(OWNER_NAMES) private readonly ownerNames: OwnerNames,
  ) {}

  /** The links of a selection; each with its owner's name when `withOwners`. */
  select(s: Omit<LinkSelection, 'ownerNames' | 'shortBaseUrl'>, withOwners: boolean): Promise<LinkDto[]> {
    return selectLinks(this.dataSource, { ...s, ownerNames: withOwners ? this.ownerNames : null, shortBaseUrl: this.config.shortBaseUrl });
  }

  /** The actor's links among `ids` (those it may see, archived or not), in no particular order. */
  byIds(actor: Actor, ids: string[], zone: Zone = 0): Promise<LinkDto[]> {
    return this.select({ filter: { scope: linkScopeOf(actor), ids }, zone }, actor.everyWorkspace);
  }

  /** One link the actor may see, or 404. */
  async one(actor: Actor, linkId: string, zone: Zone = 0): Promise<LinkDto> {
    const [link] = isUuid(linkId) ? await this.byIds(actor, [linkId], zone) : [];
    if (!link) throw LinksErrors.linkNotFound();
    return link;
  }
}
