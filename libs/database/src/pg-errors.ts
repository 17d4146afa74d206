/** Postgres error details as `pg` throws them, or wrapped by TypeORM's QueryFailedError (`driverError`). */
interface PgErrorShape {
  code?: unknown;
  constraint?: unknown;
  driverError?: { code?: unknown; constraint?: unknown };
}

/** The SQLSTATE of a Postgres error (`23505`, `40P01`, …) or a Node socket code (`ECONNREFUSED`), if any. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as PgErrorShape | undefined;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The constraint a Postgres error names (unique or foreign key violations), if any. */
export function pgConstraint(err: unknown): string | undefined {
  const e = err as PgErrorShape | undefined;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return typeof name === 'string' ? name : undefined;
}
