import type { UserDto } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { authHeaders, requestsSettled } from '../lib/api-client';
import { AuthContext, type AuthState } from '../lib/auth-context';
import { answeredSessionCheck, dropSessionCheck, takeSessionCheck } from '../lib/session-check';
import { clearSessionId, readSessionId, storeSessionId } from '../lib/session-storage';

/** GET /api/auth/me answers the user (bare or as {user}). */
function userFrom(body: unknown): UserDto | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { user?: UserDto } & Partial<UserDto>;
  if (b.user && typeof b.user === 'object') return b.user;
  return typeof b.id === 'string' && typeof b.username === 'string' ? (b as UserDto) : null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [sessionId, setSessionId] = useState<string | null>(() => readSessionId());
  // The session check goes out when the app's code runs (lib/session-check); when it has answered with the user before
  // this first render, start signed in rather than render "Checking authentication..." for one frame.
  const [answered] = useState<UserDto | null>(() => {
    const stored = readSessionId();
    const body = stored ? answeredSessionCheck(stored) : undefined;
    return body ? userFrom(body.value) : null;
  });
  const [user, setUser] = useState<UserDto | null>(answered);
  const [isCheckingAuth, setChecking] = useState<boolean>(() => readSessionId() !== null && !answered);

  const clearLocal = useCallback(() => {
    clearSessionId();
    queryClient.clear();
    setUser(null);
    setSessionId(null);
  }, [queryClient]);

  // docs/product.md#states-and-transitions: tell the server (errors ignored), drop the session, back to the login screen. The screen changes at once;
  // the server call carries the session captured here and goes out once the requests already sent with it have
  // answered (the dashboard's first queries may still be running), so none of them comes back 401.
  const logout = useCallback(async () => {
    const headers = { ...authHeaders(), 'Content-Type': 'application/json' };
    clearLocal();
    if (typeof window !== 'undefined' && window.location.pathname !== '/') window.history.replaceState(null, '', '/');
    await requestsSettled();
    await fetch('/api/auth/logout', { method: 'POST', headers, body: '{}', credentials: 'include' }).catch(() => undefined);
  }, [clearLocal]);

  const login = useCallback(
    (nextUser: UserDto, nextSession: string) => {
      storeSessionId(nextSession);
      queryClient.clear();
      setUser(nextUser);
      setSessionId(nextSession);
      setChecking(false);
    },
    [queryClient],
  );

  // The pending screen asks again until the account is approved (or rejected: its session is gone, back to login).
  const recheck = useCallback(async () => {
    const stored = readSessionId();
    if (!stored) return null;
    const me = userFrom(await takeSessionCheck(stored));
    if (readSessionId() !== stored) return null;
    if (me) setUser(me);
    else void logout();
    return me;
  }, [logout]);

  useEffect(() => {
    const stored = readSessionId();
    if (answered) dropSessionCheck();
    if (!stored || answered) return;
    let cancelled = false;
    takeSessionCheck(stored)
      .then((body) => {
        const me = userFrom(body);
        if (cancelled) return;
        if (me) setUser(me);
        else void logout();
      })
      .catch(() => {
        if (!cancelled) void logout();
      })
      .finally(() => {
        if (!cancelled) setChecking(false);
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, sessionId, isCheckingAuth, login, logout, recheck }),
    [user, sessionId, isCheckingAuth, login, logout, recheck],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
