import { CreateLinkHandler } from './commands/create-link.command.js';
import { DeleteLinkHandler } from './commands/delete-link.command.js';
import { AddDomainHandler, DeleteDomainHandler, RegenerateSslHandler, UpdateDomainHandler } from './commands/domain-handlers.js';
import { UpdateLinkHandler } from './commands/update-link.command.js';
import { WarmLinkCacheHandler } from './commands/warm-link-cache.command.js';
import { GetDomainsHandler } from './queries/get-domains.query.js';
import { GetLinkByCodeHandler } from './queries/get-link-by-code.query.js';
import { GetLinksHandler } from './queries/get-links.query.js';

/** Command and query handlers of links and domains, for the api module. */
export const LINKS_HANDLERS = [
  CreateLinkHandler,
  UpdateLinkHandler,
  DeleteLinkHandler,
  AddDomainHandler,
  UpdateDomainHandler,
  DeleteDomainHandler,
  RegenerateSslHandler,
  WarmLinkCacheHandler,
  GetLinksHandler,
  GetLinkByCodeHandler,
  GetDomainsHandler,
];
