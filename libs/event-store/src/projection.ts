import type { EntityManager } from 'typeorm';
import type { StoredEvent } from './event-store.js';

/**
 * A projection applies stored events to read models inside the append transaction.
 * `tables` are the read-model tables it owns: emptied before a rebuild replays the store.
 */
export interface Projection {
  readonly name: string;
  readonly tables: string[];
  handles(eventType: string): boolean;
  apply(manager: EntityManager, event: StoredEvent): Promise<void>;
  /** Optional work after the transaction committed (e.g. refresh a Redis cache). Failures are logged, not thrown. */
  afterCommit?(event: StoredEvent): Promise<void>;
  /** Optional work after a rebuild committed. */
  afterRebuild?(): Promise<void>;
}
