import type { Type } from '@nestjs/common';
import { Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

/** A query about one workspace (its API keys, members, invitations, webhooks): the id is all it carries. */
export abstract class WorkspaceQuery<TResult> extends Query<TResult> {
  constructor(readonly workspaceId: string) {
    super();
  }
}

/**
 * The handler of a query answered by one typed read of the primary database (a lib's `*-store.ts` function), so such
 * a query is its message and one line: `readHandler(GetApiKeysQuery, (db, q) => selectApiKeys(db, q.workspaceId))`.
 * A query with anything to decide or check writes its own handler class.
 */
export function readHandler<Q extends Query<R>, R>(query: Type<Q>, read: (db: DataSource, q: Q) => Promise<R>): Type<{ execute(q: Q): Promise<R> }> {
  @QueryHandler(query)
  class ReadHandler {
    constructor(readonly dataSource: DataSource) {}
    execute(q: Q): Promise<R> {
      return read(this.dataSource, q);
    }
  }
  // Nest names providers by class: GetApiKeysHandler, not eight ReadHandlers.
  Object.defineProperty(ReadHandler, 'name', { value: query.name.replace(/Query$/, 'Handler') });
  return ReadHandler;
}
