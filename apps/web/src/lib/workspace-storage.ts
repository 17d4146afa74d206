import { readStored, writeStored } from './local-storage';

/**
 * The workspace this browser works in (docs/product.md#workspaces), remembered in localStorage. Null: the personal
 * workspace, which every call reaches without a `workspaceId` (so a user alone in it sees exactly what they saw before
 * workspaces, and the admin keeps the every-link view).
 */
export const WORKSPACE_KEY = 'workspaceId';

export const readWorkspaceId = (): string | null => readStored(WORKSPACE_KEY);

const listeners = new Set<() => void>();
/** Screens re-render when the choice changes (useSyncExternalStore). */
export function subscribeWorkspaceId(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function storeWorkspaceId(id: string | null): void {
  writeStored(WORKSPACE_KEY, id || null);
  for (const listener of listeners) listener();
}

/** The API paths that act in a workspace and take `workspaceId` (the others must not get it: unknown fields are refused). */
const SCOPED = /^\/api\/(links|tags|domains|analytics|export|imports|webhooks|api-keys)([/?]|$)/;

/** `path` with the chosen workspace's `workspaceId` when the path is workspace-scoped and a shared workspace is chosen. */
export function withWorkspace(path: string): string {
  const id = readWorkspaceId();
  if (!id || !SCOPED.test(path) || path.startsWith('/api/links/by-code/') || /[?&]workspaceId=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}workspaceId=${encodeURIComponent(id)}`;
}
