/** Resolves once `condition` holds, asking every `pollMs`; throws when it still does not after `ms`. */
export async function until(condition: () => Promise<boolean>, { ms = 10_000, pollMs = 50 } = {}): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error('condition not met in time');
}
