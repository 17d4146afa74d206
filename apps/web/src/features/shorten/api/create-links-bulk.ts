import type { BulkCreateResponse } from '@app/contracts';
import { apiSend } from '../../../lib/api-client';
import { LINK_CHANGES } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';

/** POST /api/links/bulk (docs/product.md#many-links): one link per URL; the invalid ones come back with their index. */
export const useCreateLinksBulk = apiMutationHook({
  mutationFn: (urls: string[]) => apiSend<BulkCreateResponse>('POST', '/api/links/bulk', { links: urls.map((originalUrl) => ({ originalUrl })) }),
  invalidates: LINK_CHANGES,
});
