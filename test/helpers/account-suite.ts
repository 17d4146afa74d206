import type { Socket } from 'socket.io-client';
import { adminSession, clearRateLimits } from './auth.js';
import { liveSocket } from './live-socket.js';
import { startTestApi, type TestApi } from './test-api.js';

/**
 * The set-up of a suite about accounts: one api and the admin's session (handed to `started`), each test's live
 * sockets disconnected after it, and the sign-in counters cleared after each test (every test signs in many times
 * from 127.0.0.1). Returns how a test opens a session's live socket.
 */
export function accountSuite(started: (api: TestApi, admin: string) => void) {
  let api: TestApi | undefined;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    api = await startTestApi();
    started(api, await adminSession(api));
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    if (api) await clearRateLimits(api);
  });
  afterAll(async () => {
    await api?.close();
  });
  return { liveSocket: (sessionId: string) => liveSocket(api!.baseUrl, sessionId, sockets) };
}
