// A throw-away database (migrated) and Redis prefix for one benchmark run, removed by cleanup().
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { connectPostgres, dropDatabase, ensureDatabase, migrate } from '../../dist/libs/database/src/index.js';
import { deleteKeysUnder } from './redis-keys.js';

/** The admin the built api creates at boot in `apiEnv`. */
export const BENCH_ADMIN = { username: 'admin', password: 'bench-admin-pass' };

/**
 * `reuse`: the name of a database an earlier run kept (`keep`), migrated again and kept again, so a long seeding is
 * done once for a before/after pair. `keep`: cleanup() leaves the database (its name is printed).
 */
export async function createTempEnv(name, { reuse = null, keep = false } = {}) {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/linkpulse';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const tag = randomBytes(4).toString('hex');
  const url = new URL(base);
  url.pathname = `/${reuse ?? `lp_bench_${name}_${tag}`}`;
  const databaseUrl = url.toString();
  await ensureDatabase(databaseUrl);
  const dataSource = await connectPostgres(databaseUrl, { poolSize: 2, applicationName: 'linkpulse-bench' });
  await migrate(dataSource);
  const prefix = `lpbench-${name}-${tag}`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  return {
    databaseUrl,
    redisUrl,
    prefix,
    dataSource,
    redis,
    /** Environment of a built api (and its worker) on this database and prefix, the api on `apiPort`. */
    apiEnv(apiPort) {
      return {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        API_PORT: String(apiPort),
        ADMIN_USERNAME: BENCH_ADMIN.username,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      };
    },
    /** Inserts a default-host link row and returns its id. */
    async seedLink(code, originalUrl) {
      const id = randomUUID();
      const owner = randomUUID();
      await dataSource.query(
        `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at) VALUES ($1, $2, 'Bench', $3, $4, now(), now())`,
        [id, owner, code, originalUrl],
      );
      return id;
    },
    async cleanup() {
      await deleteKeysUnder(redis, prefix);
      redis.disconnect();
      if (dataSource.isInitialized) await dataSource.destroy();
      if (keep || reuse) console.log(`kept the database ${url.pathname.slice(1)} (drop it when done)`);
      else await dropDatabase(databaseUrl);
    },
  };
}
