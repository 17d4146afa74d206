import type { ApiKeyScope, ImportFormat, WebhookEventType } from '@app/contracts';

/** What each scope lets a key do (docs/product.md#api-keys). */
export const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'links:read': 'List links and read their details',
  'links:write': 'Create, change and delete links',
  'analytics:read': 'Read clicks and statistics',
  'domains:read': 'List custom domains',
  'domains:write': 'Add, change and delete custom domains',
};

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'link.created': 'A link was created',
  'link.updated': 'A link was changed',
  'link.deleted': 'A link was deleted',
  'link.clicked': 'A link was clicked (batched per second)',
};

/** The import formats with the name of the product whose export each one reads. */
export const FORMAT_LABELS: Record<ImportFormat, string> = {
  csv: 'CSV (url, code, name, tags, expiresAt)',
  bitly: 'Bitly export',
  yourls: 'YOURLS export',
  kutt: 'Kutt export',
  shlink: 'Shlink export',
  dub: 'Dub export',
};
