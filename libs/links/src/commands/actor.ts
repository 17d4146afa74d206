import type { WorkspaceAccess } from '@app/contracts';

/**
 * Who sends a command and in which workspace: the access the api's workspace rule resolved (docs/architecture.md
 * "Workspaces"). New rows get `workspaceId` as their owner; existing ones are visible when `inWorkspace` says so.
 */
export type Actor = WorkspaceAccess;
