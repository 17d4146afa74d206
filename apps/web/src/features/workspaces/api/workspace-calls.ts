import type { ActivityDto, CreatedInvitationDto, InvitationDto, WorkspaceDto, WorkspaceMemberDto, WorkspaceRole } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { withQueryError } from '../../../lib/query-error';
import { apiMutationHook, useApiMutation } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

const ws = (id: string) => `/api/workspaces/${encodeURIComponent(id)}`;

export function useMembers(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.workspaceMembers(id ?? ''),
    queryFn: () => withQueryError('Failed to fetch members', () => apiGet<WorkspaceMemberDto[]>(`${ws(id!)}/members`)),
    enabled: Boolean(id),
  });
}

export function useInvitations(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.workspaceInvitations(id ?? ''),
    queryFn: () => withQueryError('Failed to fetch invitations', () => apiGet<InvitationDto[]>(`${ws(id!)}/invitations`)),
    enabled: Boolean(id) && enabled,
  });
}

export const ACTIVITY_PAGE_SIZE = 25;
export function useActivity(id: string | undefined, page: number) {
  return useQuery({
    queryKey: queryKeys.workspaceActivity(id ?? '', page),
    queryFn: () =>
      withQueryError('Failed to fetch activity', () => apiGet<ActivityDto>(`${ws(id!)}/activity`, { params: { page, limit: ACTIVITY_PAGE_SIZE } })),
    enabled: Boolean(id),
    // The page shown stays until the next one arrives (no skeleton flash between pages).
    placeholderData: keepPreviousData,
  });
}

export const useCreateWorkspace = apiMutationHook({
  mutationFn: (name: string) => apiSend<WorkspaceDto>('POST', '/api/workspaces', { name }),
  success: (w) => ['Workspace created', `You are now working in ${w.name}.`],
  failure: ['Could not create the workspace', 'Please try again.'],
  invalidates: [queryKeys.workspaces.all],
});

export function useRenameWorkspace(id: string) {
  return useApiMutation({
    mutationFn: (name: string) => apiSend<WorkspaceDto>('PUT', ws(id), { name }),
    success: ['Workspace renamed', 'Its new name shows everywhere.'],
    failure: ['Could not rename the workspace', 'Please try again.'],
    invalidates: [queryKeys.workspaces.all],
  });
}

export function useDeleteWorkspace(id: string) {
  return useApiMutation({
    mutationFn: () => apiSend<void>('DELETE', ws(id)),
    success: ['Workspace deleted', 'It and everything it held are gone.'],
    failure: ['Could not delete the workspace', 'Please try again.'],
    invalidates: [queryKeys.workspaces.all],
  });
}

export function useChangeRole(id: string) {
  return useApiMutation({
    mutationFn: ({ userId, role }: { userId: string; role: WorkspaceRole }) =>
      apiSend<WorkspaceMemberDto>('PUT', `${ws(id)}/members/${userId}`, { role }),
    success: (m) => ['Role changed', `${m.username} is now ${m.role}.`],
    failure: ['Could not change the role', 'Please try again.'],
    invalidates: [queryKeys.workspaceMembers(id), queryKeys.workspaces.all],
  });
}

export function useRemoveMember(id: string) {
  return useApiMutation({
    mutationFn: ({ userId }: { userId: string; leaving: boolean }) => apiSend<void>('DELETE', `${ws(id)}/members/${userId}`),
    success: (_d, v) =>
      v.leaving ? ['You left the workspace', 'You are back in your personal workspace.'] : ['Member removed', 'They no longer see this workspace.'],
    failure: ['Could not remove the member', 'Please try again.'],
    invalidates: [queryKeys.workspaceMembers(id), queryKeys.workspaces.all],
  });
}

export function useCreateInvitation(id: string) {
  return useApiMutation({
    mutationFn: (body: { role: WorkspaceRole; expiresInDays: number }) => apiSend<CreatedInvitationDto>('POST', `${ws(id)}/invitations`, body),
    success: ['Invitation created', 'Copy the link and send it: it works once.'],
    failure: ['Could not create the invitation', 'Please try again.'],
    invalidates: [queryKeys.workspaceInvitations(id)],
  });
}

export function useRevokeInvitation(id: string) {
  return useApiMutation({
    mutationFn: (invitationId: string) => apiSend<void>('DELETE', `${ws(id)}/invitations/${invitationId}`),
    success: ['Invitation revoked', 'Its link no longer works.'],
    failure: ['Could not revoke the invitation', 'Please try again.'],
    invalidates: [queryKeys.workspaceInvitations(id)],
  });
}

export function acceptInvitation(token: string): Promise<{ workspace: WorkspaceDto }> {
  return apiSend<{ workspace: WorkspaceDto }>('POST', `/api/invitations/${encodeURIComponent(token)}/accept`);
}
