import { CreateLinkHandler } from './commands/create-link.handler.js';
import { DeleteLinkHandler } from './commands/delete-link.handler.js';
import { AddDomainHandler } from './commands/add-domain.handler.js';
import { DeleteDomainHandler } from './commands/delete-domain.handler.js';
import { RegenerateSslHandler } from './commands/regenerate-ssl.handler.js';
import { UpdateDomainHandler } from './commands/update-domain.handler.js';
import { VerifyDomainHandler } from './commands/verify-domain.handler.js';
import { UpdateLinkHandler } from './commands/update-link.handler.js';
import { WarmLinkCacheHandler } from './commands/warm-link-cache.handler.js';
import { GetDomainsHandler } from './queries/get-domains.query.js';
import { GetLinkByCodeHandler } from './queries/get-link-by-code.query.js';
import { GetLinkHandler } from './queries/get-link.query.js';
import { GetLinkPageHandler } from './queries/get-link-page.query.js';
import { GetTagsHandler } from './queries/get-tags.query.js';
import { GetLinkQrHandler } from './queries/get-link-qr.query.js';
import { GetBulkActionHandler } from './bulk/get-bulk-action.query.js';
import { StartBulkActionHandler } from './bulk/start-bulk-action.handler.js';
import { BulkCreateLinksHandler } from './bulk/bulk-create-links.handler.js';
import { CreateShareHandler } from './shares/create-share.handler.js';
import { GetSharesHandler } from './shares/get-shares.query.js';
import { RevokeShareHandler } from './shares/revoke-share.handler.js';
import { OpenShareHandler } from './shares/open-share.query.js';

/** Command and query handlers of links, domains and shared stats pages, for the api module. */
export const LINKS_HANDLERS = [
  CreateLinkHandler,
  UpdateLinkHandler,
  DeleteLinkHandler,
  AddDomainHandler,
  UpdateDomainHandler,
  DeleteDomainHandler,
  RegenerateSslHandler,
  VerifyDomainHandler,
  WarmLinkCacheHandler,
  GetLinkHandler,
  GetLinkPageHandler,
  GetLinkByCodeHandler,
  GetDomainsHandler,
  GetTagsHandler,
  GetLinkQrHandler,
  BulkCreateLinksHandler,
  StartBulkActionHandler,
  GetBulkActionHandler,
  CreateShareHandler,
  RevokeShareHandler,
  GetSharesHandler,
  OpenShareHandler,
];
