import { pgConstraint, pgErrorCode } from '@app/database';

/** Another writer appended to the stream first: reload and decide again, or report a conflict. */
export class ConcurrencyError extends Error {
  constructor(
    public readonly streamId: string,
    public readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} changed since version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

/** True for a Postgres unique violation, optionally of a named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return pgErrorCode(err) === '23505' && (constraint === undefined || pgConstraint(err) === constraint);
}
