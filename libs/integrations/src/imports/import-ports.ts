import { type ImportedLinkRequest } from './import-request.js';

/** Nest token of the `imports` queue producer. */
export const IMPORT_QUEUE = Symbol('IMPORT_QUEUE');

/**
 * Nest token of the dry run's port: per request null if the links' batch create would create it now, else the reason
 * it would be skipped (the links lib's checkLinksBatch, wired by the api module). Creates and stores nothing.
 */
export const CHECK_IMPORTED_LINKS = Symbol('CHECK_IMPORTED_LINKS');
export type CheckImportedLinks = (ownerId: string, requests: ImportedLinkRequest[]) => Promise<(string | null)[]>;
