/** Another writer appended to the stream first: reload and decide again, or report a conflict. */
export class ConcurrencyError extends Error {
  constructor(public readonly streamId: string, public readonly expectedVersion: number) {
    super(`Stream ${streamId} changed since version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

/** True for a Postgres unique violation, optionally of a named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.driverError?.code;
  const name = e?.constraint ?? e?.driverError?.constraint;
  return code === '23505' && (constraint === undefined || name === constraint);
}
