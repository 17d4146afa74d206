import { Inject, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import type { Redis } from 'ioredis';
import type { Namespace, Socket } from 'socket.io';
import { APP_CONFIG, createLogger, type AppConfig } from '@app/config';
import {
  LIVE_EVENT_BULK_ACTION,
  LIVE_EVENT_CLICKS,
  LIVE_EVENT_IMPORT,
  LIVE_EVENT_WORKSPACE,
  LIVE_NAMESPACE,
  workspaceRoom,
  type LiveSummary,
  type LiveWorkspaceEvent,
} from '@app/contracts';
import { SessionGuard, bearerToken, hashSessionToken, liveSessionHashes, workspaceIdsOf, type AuthUser } from '@app/identity';
import { REDIS } from '@app/queue';
import {
  LiveCoalescer,
  subscribeBulkActionProgress,
  subscribeImportProgress,
  subscribeLiveSummaries,
  subscribeWorkspaceChanges,
  type LiveSubscription,
  type WorkspaceChangeMessage,
} from '@app/realtime';

const ADMINS_ROOM = 'admins';
/** Every socket of one session (by its token's SHA-256): a session ended elsewhere closes them at once. */
const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
/** How often sockets of ended sessions (logout, expiry, deleted user) are disconnected. */
const SESSION_SWEEP_MS = 30_000;

/**
 * socket.io `/live`: the handshake carries the session id (`auth.sessionId` or `Authorization: Bearer`); missing,
 * expired or unapproved sessions are refused with connect_error. Sockets join the room of every workspace their user
 * is a member of (`workspace:{id}`: live clicks, import progress and workspace changes go to its members only, and
 * sockets join or leave as memberships change), admins also `admins`.
 *
 * Every api instance subscribes to the worker's live channel itself, so every instance sees every summary. Each
 * one therefore emits only to its OWN sockets (`namespace.local`): a socket gets each event exactly once. Emitting
 * through the Redis adapter instead would deliver N copies with N instances. The adapter is still what makes
 * rooms, fetchSockets and disconnects span instances.
 */
@WebSocketGateway({ namespace: LIVE_NAMESPACE, cors: false })
export class LiveGateway implements OnGatewayInit<Namespace>, OnGatewayConnection<Socket>, OnModuleInit, OnModuleDestroy {
  @WebSocketServer() namespace: Namespace;
  private readonly coalescer = new LiveCoalescer((room, event) => this.namespace.local.to(room).emit(LIVE_EVENT_CLICKS, event));
  private subscription: LiveSubscription | null = null;
  private importSubscription: LiveSubscription | null = null;
  private workspaceSubscription: LiveSubscription | null = null;
  private bulkActionSubscription: LiveSubscription | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly log;

  constructor(
    private readonly sessions: SessionGuard,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.log = createLogger('api', config.logLevel).child({ component: 'live' });
  }

  afterInit(namespace: Namespace): void {
    namespace.use((socket, next) => {
      this.authenticate(socket)
        .then((user) => {
          socket.data.user = user.user;
          socket.data.tokenHash = user.tokenHash;
          socket.data.workspaceIds = user.workspaceIds;
          next();
        })
        .catch((err: Error) => next(err));
    });
  }

  handleConnection(socket: Socket): void {
    const user: AuthUser | undefined = socket.data.user;
    if (!user) return void socket.disconnect(true);
    socket.join([...(socket.data.workspaceIds as string[]).map(workspaceRoom), sessionRoom(socket.data.tokenHash as string)]);
    if (user.isAdmin) socket.join(ADMINS_ROOM);
  }

  /**
   * Closes the sockets of ended sessions (password change or reset, the session list's end button) on every api
   * instance: the Redis adapter carries the disconnect. The 30-second sweep still catches expiry and logout.
   */
  closeSessions(tokenHashes: readonly string[]): void {
    if (tokenHashes.length === 0 || !this.namespace) return;
    this.namespace.in(tokenHashes.map(sessionRoom)).disconnectSockets(true);
  }

  /** A workspace changed: this instance's sockets of the user joining or leaving move rooms; members are told. */
  applyWorkspaceChange(m: WorkspaceChangeMessage): void {
    if (!this.namespace) return;
    const room = workspaceRoom(m.workspaceId);
    for (const socket of this.namespace.sockets.values()) {
      const userId = (socket.data.user as AuthUser | undefined)?.id;
      if (userId && userId === m.joined) socket.join(room);
      if (userId && userId === m.left) {
        socket.emit(LIVE_EVENT_WORKSPACE, { workspaceId: m.workspaceId, type: m.type } satisfies LiveWorkspaceEvent);
        socket.leave(room);
      }
    }
    this.namespace.local.to(room).emit(LIVE_EVENT_WORKSPACE, { workspaceId: m.workspaceId, type: m.type } satisfies LiveWorkspaceEvent);
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await subscribeLiveSummaries(this.redis, this.config.redisPrefix, (s) => this.relay(s));
    // Import progress (docs/product.md#imports-and-exports) goes to the importing workspace's members' sockets on this
    // instance only.
    this.importSubscription = await subscribeImportProgress(this.redis, this.config.redisPrefix, (ownerId, event) =>
      this.namespace?.local.to(workspaceRoom(ownerId)).emit(LIVE_EVENT_IMPORT, event),
    );
    // Bulk action progress (docs/product.md#many-links) goes to the acting workspace's members' sockets the same way.
    this.bulkActionSubscription = await subscribeBulkActionProgress(this.redis, this.config.redisPrefix, (workspaceId, event) =>
      this.namespace?.local.to(workspaceRoom(workspaceId)).emit(LIVE_EVENT_BULK_ACTION, event),
    );
    this.workspaceSubscription = await subscribeWorkspaceChanges(this.redis, this.config.redisPrefix, (m) => this.applyWorkspaceChange(m));
    this.sweeper = setInterval(
      () => void this.sweepEndedSessions().catch((err) => this.log.warn('live session sweep failed', { err })),
      SESSION_SWEEP_MS,
    );
    this.sweeper.unref();
  }

  /** Disconnects this instance's sockets whose session no longer exists or has expired (one query for all). */
  async sweepEndedSessions(): Promise<number> {
    const sockets = [...(this.namespace?.sockets.values() ?? [])];
    if (sockets.length === 0) return 0;
    const hashes = [...new Set(sockets.map((s) => s.data.tokenHash as string))];
    const live = await liveSessionHashes(this.dataSource, hashes);
    const ended = sockets.filter((s) => !live.has(s.data.tokenHash));
    for (const s of ended) s.disconnect(true);
    return ended.length;
  }

  async onModuleDestroy(): Promise<void> {
    this.coalescer.close();
    if (this.sweeper) clearInterval(this.sweeper);
    await this.subscription?.close();
    await this.importSubscription?.close();
    await this.workspaceSubscription?.close();
    await this.bulkActionSubscription?.close();
  }

  /** socket.io clients connected to this instance (for metrics). */
  get connectedSockets(): number {
    return this.namespace?.sockets.size ?? 0;
  }

  /** Summary → one delta per workspace room (the owner column) and one for admins, only for rooms with sockets here. */
  relay(summary: LiveSummary): void {
    const rooms = this.namespace?.adapter.rooms;
    if (!rooms) return;
    const byOwner = new Map<string, LiveSummary['links']>();
    for (const l of summary.links) byOwner.set(l.ownerId, [...(byOwner.get(l.ownerId) ?? []), l]);
    const strip = (ls: LiveSummary['links']) => ls.map(({ linkId, clicks, lastClick }) => ({ linkId, clicks, lastClick }));
    for (const [ownerId, links] of byOwner) {
      if (rooms.has(workspaceRoom(ownerId))) this.coalescer.add(workspaceRoom(ownerId), strip(links));
    }
    if (rooms.has(ADMINS_ROOM)) this.coalescer.add(ADMINS_ROOM, strip(summary.links));
  }

  private async authenticate(socket: Socket): Promise<{ user: AuthUser; tokenHash: string; workspaceIds: string[] }> {
    const fromAuth = typeof socket.handshake.auth?.sessionId === 'string' ? bearerToken(`Bearer ${socket.handshake.auth.sessionId}`) : null;
    const token = fromAuth ?? bearerToken(socket.handshake.headers.authorization);
    let user: AuthUser | null = null;
    let workspaceIds: string[] = [];
    if (token) {
      try {
        user = await this.sessions.resolve(token);
        if (user) workspaceIds = await workspaceIdsOf(this.dataSource, user.id);
      } catch (err) {
        this.log.warn('live session lookup failed', { err });
        throw new Error('Live updates are unavailable right now; please retry.');
      }
    }
    if (!user) throw new Error('Please sign in: your session is missing or has expired.');
    if (!user.isApproved) throw new Error('Your account is waiting for admin approval.');
    return { user, tokenHash: hashSessionToken(token!), workspaceIds };
  }
}
