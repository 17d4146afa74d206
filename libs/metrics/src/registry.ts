import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

/** One registry per process, with Node's default metrics (memory, CPU, event loop lag, GC, handles). */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * A counter whose value is read at scrape time from a plain number the code keeps anyway (zero cost where it
 * counts). `read` returns one total, or one total per value of `label`.
 */
export function collectedCounter(
  registry: Registry,
  name: string,
  help: string,
  read: () => number | Record<string, number>,
  label?: string,
): Counter {
  return new Counter({
    name,
    help,
    labelNames: label ? [label] : [],
    registers: [registry],
    collect() {
      this.reset();
      const value = read();
      if (typeof value === 'number') this.inc(value);
      else for (const [k, v] of Object.entries(value)) this.inc({ [label as string]: k }, v);
    },
  });
}

/** A gauge read at scrape time; an async `read` that fails or times out keeps the last values. */
export function collectedGauge(
  registry: Registry,
  name: string,
  help: string,
  read: () => number | Record<string, number> | Promise<number | Record<string, number>>,
  label?: string,
): Gauge {
  return new Gauge({
    name,
    help,
    labelNames: label ? [label] : [],
    registers: [registry],
    async collect() {
      let value: number | Record<string, number>;
      try {
        value = await read();
      } catch {
        return;
      }
      if (typeof value === 'number') this.set(value);
      else for (const [k, v] of Object.entries(value)) this.set({ [label as string]: k }, v);
    },
  });
}
