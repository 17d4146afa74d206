import type { UserDto } from '@app/contracts';
import { createContext, useContext } from 'react';

/** Auth state (docs/product.md#shapes) plus its transitions (docs/product.md#states-and-transitions). */
export interface AuthState {
  user: UserDto | null;
  sessionId: string | null;
  isCheckingAuth: boolean;
  /** Store the session id, clear cached queries, set user and session. */
  login: (user: UserDto, sessionId: string) => void;
  /** Tell the server (errors ignored), drop the session id and cached data, back to the login screen. */
  logout: () => Promise<void>;
  /** Asks GET /api/auth/me again and takes its answer (signed out when the session has gone); resolves to the user. */
  recheck: () => Promise<UserDto | null>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
