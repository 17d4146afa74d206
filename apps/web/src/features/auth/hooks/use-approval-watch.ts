import { useEffect, useRef } from 'react';
import { notify } from '../../../lib/toasts';
import { useAuth } from '../../../lib/auth-context';

/** How often the pending screen asks whether the account has been approved. */
export const APPROVAL_POLL_MS = 5_000;

/**
 * While the pending screen shows, asks GET /api/auth/me every few seconds and whenever the tab comes back into view:
 * once an admin approves, the auth gate moves on to the app by itself. (The live socket refuses unapproved sessions,
 * so there is nothing to listen to before approval.)
 */
export function useApprovalWatch(): void {
  const { recheck } = useAuth();
  const asking = useRef(false);
  useEffect(() => {
    let stopped = false;
    const ask = () => {
      if (stopped || asking.current) return;
      asking.current = true;
      recheck()
        .then((me) => {
          if (!stopped && me?.isApproved) notify.success('Account Approved', 'Welcome to LinkPulse! Your account is ready.');
        })
        .catch(() => undefined) // offline for a moment: the next tick asks again
        .finally(() => (asking.current = false));
    };
    const timer = setInterval(ask, APPROVAL_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && ask();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [recheck]);
}
