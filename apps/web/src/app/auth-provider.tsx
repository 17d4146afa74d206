import type { UserDto } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { apiSend, authHeaders, requestsSettled } from '../lib/api-client';
import { AuthContext, type AuthState } from '../lib/auth-context';
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
  const [user, setUser] = useState<UserDto | null>(null);
  const [isCheckingAuth, setChecking] = useState<boolean>(() => readSessionId() !== null);

  const clearLocal = useCallback(() => {
    clearSessionId();
    queryClient.clear();
    setUser(null);
    setSessionId(null);
  }, [queryClient]);

  // SPEC §4 order. The server session ends only after the requests already sent with it have answered (the
  // dashboard's first queries may still be running), so none of them comes back 401.
  const logout = useCallback(async () => {
    await requestsSettled();
    try {
      await apiSend('POST', '/api/auth/logout', {});
    } catch {
      /* SPEC §4: errors ignored */
    }
    clearLocal();
    if (typeof window !== 'undefined' && window.location.pathname !== '/') window.history.replaceState(null, '', '/');
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

  useEffect(() => {
    const stored = readSessionId();
    if (!stored) return;
    let cancelled = false;
    fetch('/api/auth/me', { headers: authHeaders(), credentials: 'include' })
      .then(async (res) => {
        const me = res.ok ? userFrom(await res.json()) : null;
        if (cancelled) return;
        if (me) setUser(me);
        else clearLocal();
      })
      .catch(() => {
        if (!cancelled) clearLocal();
      })
      .finally(() => {
        if (!cancelled) setChecking(false);
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const value = useMemo<AuthState>(() => ({ user, sessionId, isCheckingAuth, login, logout }), [user, sessionId, isCheckingAuth, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
