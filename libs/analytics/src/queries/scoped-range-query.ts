import { Query } from '@nestjs/cqrs';
import type { ClickFilters } from '@app/contracts';
import type { LocalRange } from '@app/time';
import type { Scope } from '../scope.js';

/**
 * A dashboard query over the caller's links (admins: everyone's) for one local date range, under the filters
 * (docs/architecture.md, "Analytics filters"; none: the unfiltered rollup reads). Each subclass still
 * gets its own handler: the query bus keys handlers by the concrete class.
 */
export abstract class ScopedRangeQuery<TResult> extends Query<TResult> {
  constructor(
    readonly scope: Scope,
    readonly range: LocalRange,
    readonly filters: ClickFilters = {},
  ) {
    super();
  }
}
