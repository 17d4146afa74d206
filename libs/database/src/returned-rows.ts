/**
 * What TypeORM's Postgres driver answers for a statement: SELECT and INSERT … RETURNING give the rows, UPDATE and
 * DELETE give `[rows, affected]`. Type a raw query with it (`db.query<Returned<Row>>(sql)`) and read the rows
 * with `returnedRows`, whatever the statement.
 */
export type Returned<T> = T[] | [T[], number];

export function returnedRows<T>(result: Returned<T>): T[] {
  const isPair = result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number';
  return isPair ? (result[0] as T[]) : (result as T[]);
}
