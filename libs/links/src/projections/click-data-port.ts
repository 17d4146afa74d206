import type { EntityManager } from 'typeorm';

/** One link, or an owner with the ids of the links just deleted (DELETE … RETURNING: bot-only links included). */
export type ClickScope = { linkId: string } | { ownerId: string; linkIds: string[] };

/**
 * Deletes the clicks and rollups of a link or owner in the caller's transaction. The clicks lib owns those tables
 * and implements it (`deleteClickData` in @app/clicks); libs/projections wires it into the links projection.
 */
export type DeleteClickData = (m: EntityManager, scope: ClickScope) => Promise<void>;
