import type { ApiKeyDto } from '@app/contracts';
import { WorkspaceQuery, readHandler } from '@app/database';
import { selectApiKeys } from './api-key-store.js';

/** The workspace's API keys, newest first (never a secret: only its prefix). */
export class GetApiKeysQuery extends WorkspaceQuery<ApiKeyDto[]> {}
export const GetApiKeysHandler = readHandler(GetApiKeysQuery, (db, q) => selectApiKeys(db, q.workspaceId));
