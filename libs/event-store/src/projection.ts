import type { EntityManager } from 'typeorm';
import type { StoredEvent } from './stored-event.js';

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
  /**
   * Optional: applies the events of one `appendMany` batch at once (in order, inside its transaction). Without it
   * `apply` runs once per event. Must leave the read model exactly as `apply` one by one would.
   */
  applyMany?(manager: EntityManager, events: StoredEvent[]): Promise<void>;
  /** Optional: the after-commit work of one `appendMany` batch at once (e.g. one pipelined cache write). */
  afterCommitMany?(events: StoredEvent[]): Promise<void>;
  /** Optional work after a rebuild committed. */
  afterRebuild?(): Promise<void>;
}
