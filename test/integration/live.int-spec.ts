import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { LIVE_EVENT_CLICKS, redisKeys, type LiveClicksEvent, type LiveSummary } from '@app/contracts';
import { newSessionToken } from '@app/identity';
import { adminSession, approvedUser, registerUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { LiveGateway } from '../../apps/api/gateways/live.gateway.js';

describe('live updates over socket.io /live', () => {
  let api: TestApi;
  const sockets: Socket[] = [];

  const connect = (opts: { auth?: Record<string, unknown>; headers?: Record<string, string> }) => {
    const socket = io(`${api.baseUrl}/live`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: opts.auth,
      extraHeaders: opts.headers,
    });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    });
  const refused = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected but should be refused')));
      socket.once('connect_error', (err) => resolve(err.message));
    });
  const publish = (summary: LiveSummary) => api.redis.publish(redisKeys(api.config.redisPrefix).liveChannel, JSON.stringify(summary));
  const collect = (socket: Socket) => {
    const got: { at: number; event: LiveClicksEvent }[] = [];
    socket.on(LIVE_EVENT_CLICKS, (event: LiveClicksEvent) => got.push({ at: Date.now(), event }));
    return got;
  };

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await api.close();
  });

  it('refuses a missing, unknown or unapproved session', async () => {
    const pending = await registerUser(api, 'live-pending');
    expect(await refused(connect({}))).toBe('Please sign in: your session is missing or has expired.');
    expect(await refused(connect({ auth: { sessionId: newSessionToken() } }))).toBe('Please sign in: your session is missing or has expired.');
    expect(await refused(connect({ auth: { sessionId: 'x' } }))).toBe('Please sign in: your session is missing or has expired.');
    expect(await refused(connect({ auth: { sessionId: pending.sessionId } }))).toBe('Your account is waiting for admin approval.');
  });

  it("delivers a click summary to the owner's and the admins' sockets within a second, not to other users", async () => {
    const owner = await approvedUser(api, 'live-owner');
    const other = await approvedUser(api, 'live-other');
    const admin = await adminSession(api);
    const ownerSocket = connect({ auth: { sessionId: owner.sessionId } });
    const otherSocket = connect({ headers: { authorization: `Bearer ${other.sessionId}` } });
    const adminSocket = connect({ auth: { sessionId: admin } });
    await Promise.all([ownerSocket, otherSocket, adminSocket].map(connected));
    const [toOwner, toOther, toAdmin] = [ownerSocket, otherSocket, adminSocket].map(collect);

    const system = await api.call('GET', '/api/admin/system', { session: admin });
    expect(system.body.liveSockets).toBe(3);

    const linkId = randomUUID();
    const lastClick = new Date().toISOString();
    const sent = Date.now();
    await publish({ links: [{ linkId, ownerId: owner.user.id, clicks: 3, lastClick }] });
    await new Promise((r) => setTimeout(r, 1000));

    expect(toOwner.map((g) => g.event)).toEqual([{ links: [{ linkId, clicks: 3, lastClick }] }]);
    expect(toOwner[0].at - sent).toBeLessThan(1000);
    expect(toAdmin.map((g) => g.event)).toEqual([{ links: [{ linkId, clicks: 3, lastClick }] }]);
    expect(toOther).toEqual([]);
  });

  it('disconnects the sockets of a session that ended (logout)', async () => {
    const { sessionId } = await approvedUser(api, 'live-logout');
    const socket = connect({ auth: { sessionId } });
    await connected(socket);
    const gone = new Promise<string>((r) => socket.once('disconnect', (reason) => r(reason)));
    expect((await api.call('POST', '/api/auth/logout', { session: sessionId, body: {} })).status).toBeLessThan(300);
    const gateway = api.app.get(LiveGateway);
    expect(await gateway.sweepEndedSessions()).toBe(1);
    expect(await gone).toBe('io server disconnect');
  });

  it('shares rooms across api instances through the Redis adapter under the deployment prefix', async () => {
    const channels = (await api.redis.pubsub('CHANNELS', `${api.config.redisPrefix}:socket.io*`)) as string[];
    expect(channels.some((c) => c === `${api.config.redisPrefix}:socket.io-request#/live#`)).toBe(true);
  });

  it('coalesces a burst into at most ~4 events per second with exact totals', async () => {
    const owner = await approvedUser(api, 'live-burst');
    const socket = connect({ auth: { sessionId: owner.sessionId } });
    await connected(socket);
    const got = collect(socket);
    const [a, b] = [randomUUID(), randomUUID()];
    const start = Date.now();
    for (let i = 0; i < 40; i++) {
      await publish({ links: [{ linkId: i % 2 ? a : b, ownerId: owner.user.id, clicks: 2, lastClick: new Date(start + i).toISOString() }] });
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 600));
    const elapsed = (got[got.length - 1].at - got[0].at) / 1000;
    expect(got.length).toBeLessThanOrEqual(Math.ceil(elapsed * 4) + 1);
    const total = (id: string) =>
      got
        .flatMap((g) => g.event.links)
        .filter((l) => l.linkId === id)
        .reduce((s, l) => s + l.clicks, 0);
    expect([total(a), total(b)]).toEqual([40, 40]);
    const last = got[got.length - 1].event.links.find((l) => l.linkId === a)!;
    expect(last.lastClick).toBe(new Date(start + 39).toISOString());
  });
});
