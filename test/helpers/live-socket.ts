import { io, type Socket } from 'socket.io-client';

/**
 * A session's live socket (`/live`), connected; `closed` settles with the reason when it disconnects (the server
 * closing it: 'io server disconnect'). The socket is pushed onto `opened` so the suite can disconnect it afterwards.
 */
export async function liveSocket(baseUrl: string, sessionId: string, opened: Socket[]): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = io(`${baseUrl}/live`, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { sessionId } });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  return { socket, closed };
}
