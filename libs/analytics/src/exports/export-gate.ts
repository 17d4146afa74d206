/**
 * At most `slots` export batches read the database at once (EXPORT_CONNECTIONS): exports get a bounded share of the
 * pool, whatever number of them is running, and every other request keeps the rest (docs/security.md "Exports").
 */
export class ExportGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly slots: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
