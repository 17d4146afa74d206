// Times one worker process draining a BullMQ queue and reads the CPU it and its Postgres backends spent (/proc).
import { cpuMs } from './cpu-time.js';
import { stealMeter } from './system.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Jobs not finished yet (waiting, active, delayed or prioritized). */
export async function pendingJobs(queue) {
  const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  return c.waiting + c.active + c.delayed + c.prioritized;
}

/**
 * Waits until `worker` (a child process) takes the first job, then until the queue is empty. The clock starts at the
 * first job (process boot and its migrations check are not counted); `atStart()` runs right then (read other
 * processes' CPU there). Postgres CPU: every backend pg_stat_activity names 'linkpulse-worker' in the database,
 * from its first to its last reading. `env`: the bench's temp env (createTempEnv). Returns
 * { seconds, workerCpuMs, pgCpuMs, backends, stealPct } (stealPct: the hypervisor's share of CPU time meanwhile).
 */
export async function drainAndMeasure({ queue, worker, env, atStart = () => {} }) {
  const { dataSource, databaseUrl } = env;
  const backends = new Map();
  const dbName = new URL(databaseUrl).pathname.slice(1);
  const sampleBackends = async () => {
    const rows = await dataSource.query(`SELECT pid FROM pg_stat_activity WHERE application_name = 'linkpulse-worker' AND datname = $1`, [dbName]);
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (ms === null) continue;
      const seen = backends.get(pid);
      if (seen) seen.last = ms;
      else backends.set(pid, { first: ms, last: ms });
    }
  };
  const alive = () => {
    if (worker.exitCode !== null) throw new Error(`worker exited with ${worker.exitCode}`);
  };
  const total = await pendingJobs(queue);
  for (;;) {
    alive();
    if ((await queue.getJobCounts('active')).active > 0 || (await pendingJobs(queue)) < total) break;
    await sleep(5);
  }
  const began = performance.now();
  const worker0 = cpuMs(worker.pid);
  const steal = stealMeter();
  atStart();
  // Backends that existed before the clock started count from their reading now (the pool connects at boot).
  await sampleBackends();
  while ((await pendingJobs(queue)) > 0) {
    alive();
    await sampleBackends();
    await sleep(20);
  }
  const seconds = (performance.now() - began) / 1000;
  const stealPct = steal();
  const workerCpuMs = cpuMs(worker.pid) - worker0;
  await sampleBackends();
  const pgCpuMs = [...backends.values()].reduce((sum, b) => sum + b.last - b.first, 0);
  return { seconds, workerCpuMs, pgCpuMs, backends: backends.size, stealPct };
}
