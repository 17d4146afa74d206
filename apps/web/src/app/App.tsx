import { Flex, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ApprovalPendingPage } from '../features/auth/pages/ApprovalPendingPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { MustChangePasswordPage } from '../features/account/pages/MustChangePasswordPage';
import { CustomDomainRedirect, isCustomDomainRequest } from '../features/not-found';
import { shareTokenFromPath } from '../features/shared-stats/lib/share-path';
import { useAuth } from '../lib/auth-context';
import { preloadableLazy } from '../lib/preloadable-lazy';
import { startSessionCheck } from '../lib/session-check';
import { readSessionId } from '../lib/session-storage';
import { startLandingPage } from './landing-pages';

export const CHECKING_AUTH_TEXT = 'Checking authentication...';

export function CheckingAuth() {
  return (
    <Flex minH="100vh" direction="column" align="center" justify="center" gap="3" role="status">
      <Spinner size="xl" color="blue.solid" />
      <Text color="fg.muted">{CHECKING_AUTH_TEXT}</Text>
    </Flex>
  );
}

const SignedInApp = preloadableLazy(() => import('./SignedInApp'));
// A shared stats page (docs/product.md "Shared stats") needs no account: its own chunk, outside the auth gate.
const SharedStatsPage = lazy(() => import('../features/shared-stats/pages/SharedStatsPage'));
const sharedStatsToken = (): string | null => (typeof window === 'undefined' ? null : shareTokenFromPath(window.location.pathname));

// A stored session most likely signs in: check it and fetch the routed app (and the chunk of the page the user lands
// on: landing-pages.ts) as soon as this code runs, all at once, not one after the other.
function startSignedInLoad(): Promise<unknown> | undefined {
  if (typeof window === 'undefined' || isCustomDomainRequest() || sharedStatsToken() !== null) return undefined;
  const sessionId = readSessionId();
  if (!sessionId) return undefined;
  return Promise.allSettled([startSessionCheck(sessionId), SignedInApp.preload(), ...startLandingPage(window.location)]);
}
/** Settles once the session check and the chunks started for a stored session are in (or failed); undefined without one. */
export const signedInLoad = startSignedInLoad();
let signedInLoaded = signedInLoad === undefined;
void signedInLoad?.then(() => (signedInLoaded = true));

/**
 * The chunks started above have loaded (or failed; the lazy components then retry and fail as before). Until then the
 * signed-in user keeps the "Checking authentication" screen, which is also what the Suspense fallback would show; the
 * page then appears in one render, not through fallbacks that React holds back for up to 300 ms each.
 */
function useSignedInLoaded(): boolean {
  const [loaded, setLoaded] = useState(signedInLoaded);
  useEffect(() => {
    if (!loaded) void signedInLoad?.then(() => setLoaded(true));
  }, [loaded]);
  return loaded;
}

/** Custom-domain short links first (docs/product.md#custom-domain-redirect-and-link-not-found), shared stats pages (no account), then the auth gate (docs/product.md#screens, docs/product.md#roles): checking → spinner; signed out → login; unapproved → pending; else the routed app. */
export function App() {
  const [customDomain] = useState(isCustomDomainRequest);
  const [shareToken] = useState(sharedStatsToken);
  if (customDomain) return <CustomDomainRedirect />;
  if (shareToken !== null)
    return (
      <Suspense
        fallback={
          <Flex minH="100vh" align="center" justify="center" role="status">
            <Spinner size="xl" color="blue.solid" />
          </Flex>
        }
      >
        <SharedStatsPage token={shareToken} />
      </Suspense>
    );
  return <AuthGate />;
}

function AuthGate() {
  const { user, isCheckingAuth } = useAuth();
  const signedInReady = useSignedInLoaded();
  if (isCheckingAuth) return <CheckingAuth />;
  if (!user) return <LoginPage />;
  if (user.mustChangePassword) return <MustChangePasswordPage />;
  if (!user.isApproved) return <ApprovalPendingPage />;
  if (!signedInReady) return <CheckingAuth />;
  return (
    <Suspense fallback={<CheckingAuth />}>
      <SignedInApp />
    </Suspense>
  );
}
