import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { duplicateSubscriber, isCluster } from '@app/queue';

/** Redis channel prefix of the socket.io adapter, under the deployment prefix like every other key. */
export const socketIoKey = (prefix: string) => `${prefix}:socket.io`;

/**
 * socket.io on the api's HTTP server with `@socket.io/redis-adapter`, so rooms and broadcasts span every api
 * instance. It opens two connections of its own (pub and sub, duplicated from the api's client) and closes them
 * when the app closes. On a Redis Cluster it is the sharded adapter (SSUBSCRIBE/SPUBLISH, Redis 7+).
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super(app);
  }

  // Typed through IoAdapter: @nestjs/platform-socket.io carries its own copy of socket.io.
  override createIOServer(...args: Parameters<IoAdapter['createIOServer']>): ReturnType<IoAdapter['createIOServer']> {
    const server = super.createIOServer(...args);
    const pub = this.redis.duplicate();
    pub.on('error', () => undefined);
    const sub = duplicateSubscriber(this.redis);
    this.clients.push(pub, sub);
    server.adapter(
      (isCluster(this.redis)
        ? createShardedAdapter(pub, sub, { channelPrefix: socketIoKey(this.prefix) })
        : createAdapter(pub, sub, { key: socketIoKey(this.prefix) })) as any,
    );
    return server;
  }

  override async dispose(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
  }
}
