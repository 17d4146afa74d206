import type { WorkspaceMemberDto } from '@app/contracts';
import { WorkspaceQuery, readHandler } from '@app/database';
import { selectMembers } from './workspace-store.js';

/** The workspace's members with their roles. */
export class GetMembersQuery extends WorkspaceQuery<WorkspaceMemberDto[]> {}
export const GetMembersHandler = readHandler(GetMembersQuery, (db, q) => selectMembers(db, q.workspaceId));
