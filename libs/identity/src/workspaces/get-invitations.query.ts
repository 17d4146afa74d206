import type { InvitationDto } from '@app/contracts';
import { WorkspaceQuery, readHandler } from '@app/database';
import { selectInvitations } from './workspace-store.js';

/** The workspace's open invitations. */
export class GetInvitationsQuery extends WorkspaceQuery<InvitationDto[]> {}
export const GetInvitationsHandler = readHandler(GetInvitationsQuery, (db, q) => selectInvitations(db, q.workspaceId));
