import { Query } from '@nestjs/cqrs';
import { workspaceScopeSql, type DomainDto, type WorkspaceScope } from '@app/contracts';
import { readHandler } from '@app/database';
import { selectDomains } from './domain-read-store.js';

/** The workspace's custom domains (verified once, usable by every editor of it). */
export class GetDomainsQuery extends Query<DomainDto[]> {
  constructor(readonly scope: WorkspaceScope) {
    super();
  }
}

export const GetDomainsHandler = readHandler(GetDomainsQuery, (db, { scope }) =>
  selectDomains(
    db,
    workspaceScopeSql(scope, () => '$1'),
    scope.everyWorkspace ? [] : [scope.workspaceId],
  ),
);
