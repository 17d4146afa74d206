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
      // speeds up none of our statements (docs/performance-history.md, "JIT off").
      options: '-c jit=off',
    },
  });
}
