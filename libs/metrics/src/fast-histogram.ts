import type { Metric, Registry } from 'prom-client';

/**
 * A label-less histogram for hot paths: `observe` is a short loop over the bounds and three additions (prom-client's
 * Histogram validates and hashes labels on every call). Exposed in the standard Prometheus histogram format.
 */
export class FastHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly counts: Float64Array;
  private sum = 0;
  private count = 0;

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry?: Registry,
  ) {
    this.counts = new Float64Array(bounds.length + 1);
    registry?.registerMetric(this as unknown as Metric);
  }

  observe(value: number): void {
    const b = this.bounds;
    let i = 0;
    while (i < b.length && value > b[i]) i++;
    this.counts[i]++;
    this.sum += value;
    this.count++;
  }

  reset(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
  }

  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    let cumulative = 0;
    for (let i = 0; i < this.bounds.length; i++) {
      cumulative += this.counts[i];
      values.push({ metricName: `${this.name}_bucket`, labels: { le: this.bounds[i] }, value: cumulative });
    }
    values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf' }, value: this.count });
    values.push({ metricName: `${this.name}_sum`, labels: {}, value: this.sum });
    values.push({ metricName: `${this.name}_count`, labels: {}, value: this.count });
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
