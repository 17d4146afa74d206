/**
 * localStorage that never throws (private mode, storage turned off): a read gives null, a write lasts this page only.
 * The session id (`session-storage.ts`) and the chosen workspace (`workspace-storage.ts`) are kept through it.
 */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`, or removes the key when it is null. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode: the value lasts this page only */
  }
}
