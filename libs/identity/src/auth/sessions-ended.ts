/**
 * Port: sessions were ended (password change or reset, the session list's end button). The api wires it to the live
 * gateway, which closes those sessions' sockets on every instance at once (a port as in docs/architecture.md "Table
 * ownership").
 */
export const SESSIONS_ENDED = Symbol('SESSIONS_ENDED');
export type SessionsEnded = (tokenHashes: readonly string[]) => void;
