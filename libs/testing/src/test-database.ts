import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { connectPostgres, dropDatabase, ensureDatabase, migrate } from '@app/database';

export interface TestDatabase {
  url: string;
  dataSource: DataSource;
  drop(): Promise<void>;
}

const baseUrl = () => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/linkpulse';

/** A fresh, migrated database for one suite (`lp_test_<random>`), dropped by `drop()`. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = new URL(baseUrl());
  url.pathname = `/lp_test_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(url.toString());
  const dataSource = await connectPostgres(url.toString(), { poolSize: 5, applicationName: 'linkpulse-test' });
  await migrate(dataSource);
  return {
    url: url.toString(),
    dataSource,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await dropDatabase(url.toString());
    },
  };
}
