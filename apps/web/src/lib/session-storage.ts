import { readStored, writeStored } from './local-storage';

/** docs/product.md#states-and-transitions, docs/product.md#constants-and-limits: the session id lives in localStorage under `sessionId`. */
export const SESSION_KEY = 'sessionId';

export const readSessionId = (): string | null => readStored(SESSION_KEY);
export const storeSessionId = (id: string): void => writeStored(SESSION_KEY, id);
export const clearSessionId = (): void => writeStored(SESSION_KEY, null);
