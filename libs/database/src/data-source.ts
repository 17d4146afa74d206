import { DataSource } from 'typeorm';
import { migrations } from './migrations/index.js';

export interface DataSourceOptions {
  /** Pool size; the monitoring card says 10 (docs/product.md#system-monitoring). */
  poolSize?: number;
  applicationName?: string;
}

/** One TypeORM DataSource for every process. Read models are queried with SQL through it; no synchronize. */
export function createDataSource(databaseUrl: string, options: DataSourceOptions = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url: databaseUrl,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: false,
    extra: {
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      application_name: options.applicationName ?? 'linkpulse',
      // JIT off for every session: it compiled the filtered analytics reads for 1.5 s of their 1.5 s at 11M clicks and
      // speeds up none of our statements (docs/performance-history.md, "JIT off"). A random page costs the planner 1.1
      // sequential ones, not 4 (a disk's figure): the rollups and index ranges the reads visit are in memory, and at 4
      // the planner scanned all of link_geo_daily for 25 links' places (170 ms) instead of their 25 ranges (83 ms;
      // docs/performance-history.md, "A covering index for one link's places").
      options: '-c jit=off -c random_page_cost=1.1',
    },
  });
}
