import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { connectRedis } from '@app/queue';
import { subscribeImportProgress, subscribeLiveSummaries, type LiveSubscription } from '@app/realtime';
import { startOwnRedis, type OwnService } from '../helpers/own-services.js';

/**
 * A TCP proxy in front of Redis that, while `holding`, keeps back every INFO reply (the ready check ioredis runs
 * on each reconnect) until `release()`: the window in which a closing client writes QUIT before its automatic
 * resubscribe.
 */
async function readyCheckHoldingProxy(redisPort: number) {
  const held: [net.Socket, Buffer][] = [];
  const sockets: net.Socket[] = [];
  let holding = false;
  const server = net.createServer((down) => {
    const up = net.connect(redisPort, '127.0.0.1');
    sockets.push(down, up);
    down.pipe(up);
    up.on('data', (d: Buffer) => (holding && d.includes('redis_version') ? held.push([down, d]) : down.write(d)));
    up.on('close', () => down.destroy());
    down.on('close', () => up.destroy());
    for (const s of [up, down]) s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    hold: () => (holding = true),
    heldReplies: () => held.length,
    release() {
      holding = false;
      for (const [down, data] of held.splice(0)) down.write(data);
    },
    close() {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

/**
 * An api closing (deploy, test teardown) just as its subscribers reconnect after a Redis restart: ioredis writes
 * QUIT during the reconnect's ready check, then its automatic resubscribe, which the closing connection rejects
 * with "Connection is closed." Nothing may reject unhandled (Node ends a process on an unhandled rejection);
 * operations-faults failed in CI this way.
 */
describe('pub/sub subscribers closed while they reconnect', () => {
  let redis: OwnService;
  let proxy: Awaited<ReturnType<typeof readyCheckHoldingProxy>>;
  let client: Redis;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    redis = await startOwnRedis(19000 + Math.floor(Math.random() * 1000));
    proxy = await readyCheckHoldingProxy(redis.port);
    client = await connectRedis(proxy.url);
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    client.disconnect();
    proxy.close();
    await redis.destroy();
  });

  const cases: [string, () => Promise<LiveSubscription>][] = [
    ['live summaries', () => subscribeLiveSummaries(client, 'lp-close', () => undefined)],
    ['import progress', () => subscribeImportProgress(client, 'lp-close', () => undefined)],
  ];

  it.each(cases)('%s: closed during its reconnect, nothing rejects unhandled', async (_name, subscribe) => {
    const subscription = await subscribe();
    proxy.hold();
    await client.client('KILL', 'TYPE', 'pubsub');
    while (proxy.heldReplies() === 0) await sleep(10); // the subscriber reconnected; its ready check waits
    const closing = subscription.close();
    await sleep(50);
    proxy.release();
    await closing;
    await sleep(200);
    expect(unhandled.map(String)).toEqual([]);
  });
});
