/** docs/product.md#states-and-transitions, docs/product.md#constants-and-limits: the session id lives in localStorage under `sessionId`. */
export const SESSION_KEY = 'sessionId';

export function readSessionId(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}
export function storeSessionId(id: string): void {
  localStorage.setItem(SESSION_KEY, id);
}
export function clearSessionId(): void {
  localStorage.removeItem(SESSION_KEY);
}
