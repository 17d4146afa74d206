/** Query errors (docs/product.md#messages): the UI shows no data and the error carries the catalogue's message. */
export async function withQueryError<T>(message: string | ((status: string) => string), run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const status = err instanceof Error ? (/^(\d{3}):/.exec(err.message)?.[1] ?? 'network') : 'network';
    throw new Error(typeof message === 'string' ? message : message(status), { cause: err });
  }
}
