/** A domain event as an aggregate raises it: type string (permanent) and plain data. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** Base of event-sourced aggregates: state only changes by applying events. */
export abstract class Aggregate<E extends DomainEvent = DomainEvent> {
  /** Number of events applied from the store (the expected version for the next append). */
  version = 0;
  private pending: E[] = [];

  protected abstract when(event: E): void;

  protected raise(event: E): void {
    this.when(event);
    this.pending.push(event);
  }

  /** Rebuild state from history. */
  replay(history: readonly E[]): this {
    for (const event of history) {
      this.when(event);
      this.version++;
    }
    return this;
  }

  takePending(): E[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }
}
