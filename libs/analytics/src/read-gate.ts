/**
 * At most `slots` pieces of work read the database at once; the others wait their turn, oldest first. Raw-click
 * exports (EXPORT_CONNECTIONS) and filtered analytics reads (FILTERED_READ_SLOTS) each get a bounded share of the
 * pool this way, however many callers ask, and every other request keeps the rest (docs/security.md "Exports",
 * "Filtered analytics reads"). With `maxWaitMs`, work that waited that long is refused with `busy()` instead of run.
 */
export class ReadGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly slots: number,
    private readonly limits: { maxWaitMs?: number; busy?: () => Error } = {},
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await this.turn();
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Resolves when a slot is handed over (the running count stays as it was); rejects once maxWaitMs passed. */
  private turn(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const { maxWaitMs, busy } = this.limits;
      const waited: { timer?: NodeJS.Timeout } = {};
      const wake = () => {
        clearTimeout(waited.timer);
        resolve();
      };
      this.waiting.push(wake);
      if (maxWaitMs === undefined) return;
      waited.timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(wake), 1);
        reject(busy ? busy() : new Error('busy'));
      }, maxWaitMs);
    });
  }
}
