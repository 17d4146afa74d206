import type { LiveClicksEvent } from '@app/contracts';

type LinkDelta = LiveClicksEvent['links'][number];

/** At most ~4 events per second per room. */
export const LIVE_EMIT_INTERVAL_MS = 250;

/**
 * Throttles live events per room: the first delta is emitted at once, later ones within the interval are merged
 * per link (clicks added, newest lastClick kept) and emitted together when the interval ends. A room holds state
 * only while it is active, so idle rooms cost nothing.
 */
export class LiveCoalescer {
  private readonly pending = new Map<string, Map<string, LinkDelta>>();
  private readonly cooling = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly emit: (room: string, event: LiveClicksEvent) => void,
    private readonly intervalMs = LIVE_EMIT_INTERVAL_MS,
  ) {}

  add(room: string, links: LinkDelta[]): void {
    let byLink = this.pending.get(room);
    if (!byLink) this.pending.set(room, (byLink = new Map()));
    for (const l of links) {
      const prev = byLink.get(l.linkId);
      byLink.set(
        l.linkId,
        prev
          ? { linkId: l.linkId, clicks: prev.clicks + l.clicks, lastClick: prev.lastClick > l.lastClick ? prev.lastClick : l.lastClick }
          : { ...l },
      );
    }
    if (!this.cooling.has(room)) this.flush(room);
  }

  /** Rooms with an event waiting or inside their interval. */
  get activeRooms(): number {
    return this.cooling.size;
  }

  close(): void {
    for (const t of this.cooling.values()) clearTimeout(t);
    this.cooling.clear();
    this.pending.clear();
  }

  private flush(room: string): void {
    this.cooling.delete(room);
    const byLink = this.pending.get(room);
    this.pending.delete(room);
    if (!byLink || byLink.size === 0) return;
    this.emit(room, { links: [...byLink.values()] });
    const timer = setTimeout(() => this.flush(room), this.intervalMs);
    timer.unref?.();
    this.cooling.set(room, timer);
  }
}
