import type { WorkspaceDto, WorkspaceRole } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { apiGet } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';
import { readWorkspaceId, storeWorkspaceId, subscribeWorkspaceId } from '../lib/workspace-storage';
import { ACCOUNT_QUERY_ROOTS, queryKeys } from '../lib/query-keys';

/** GET /api/workspaces: the caller's workspaces (personal first), each with the caller's role. */
export function useWorkspaces() {
  return useQuery({
    queryKey: queryKeys.workspaces.all,
    queryFn: () => withQueryError('Failed to fetch workspaces', () => apiGet<WorkspaceDto[]>('/api/workspaces')),
  });
}

export interface CurrentWorkspace {
  /** Null while the list loads. */
  workspace: WorkspaceDto | null;
  role: WorkspaceRole;
  /** Editors and owners change links, domains, keys, webhooks and imports; viewers only read. */
  canEdit: boolean;
  /** Switches every screen to another workspace (the personal one: its id or null) and refetches what they show. */
  switchTo: (workspaceId: string | null) => void;
}

/**
 * The workspace this browser works in (remembered per browser; docs/product.md#workspaces). A remembered workspace the
 * caller no longer belongs to falls back to the personal one.
 */
export function useCurrentWorkspace(): CurrentWorkspace {
  const qc = useQueryClient();
  const chosen = useSyncExternalStore(subscribeWorkspaceId, readWorkspaceId, () => null);
  const list = useWorkspaces();
  const personal = list.data?.find((w) => w.isPersonal) ?? null;
  const found = chosen ? (list.data?.find((w) => w.id === chosen) ?? null) : personal;
  const switchTo = useCallback(
    (workspaceId: string | null) => {
      storeWorkspaceId(workspaceId && workspaceId !== personal?.id ? workspaceId : null);
      void qc.resetQueries({ predicate: (q) => !ACCOUNT_QUERY_ROOTS.includes(String(q.queryKey[0])) });
    },
    [qc, personal?.id],
  );
  const stale = Boolean(chosen && list.data && !found);
  useEffect(() => {
    if (stale) switchTo(null);
  }, [stale, switchTo]);
  const workspace = found ?? (stale ? personal : null);
  // Unknown while a shared workspace's role loads: no edit controls until it is known.
  const role: WorkspaceRole = workspace?.role ?? (chosen ? 'viewer' : 'owner');
  return { workspace, role, canEdit: role !== 'viewer', switchTo };
}
