import { Flex, Spinner, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ApprovalPendingPage } from '../features/auth/pages/ApprovalPendingPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { CustomDomainRedirect, isCustomDomainRequest } from '../features/not-found';
import { useAuth } from '../lib/auth-context';
import { appRoutes } from './router';

export const CHECKING_AUTH_TEXT = 'Checking authentication...';

export function CheckingAuth() {
  return (
    <Flex minH="100vh" direction="column" align="center" justify="center" gap="3" role="status">
      <Spinner size="xl" color="blue.solid" />
      <Text color="fg.muted">{CHECKING_AUTH_TEXT}</Text>
    </Flex>
  );
}

function SignedInApp() {
  const router = useMemo(() => createBrowserRouter(appRoutes), []);
  return <RouterProvider router={router} />;
}

/** Custom-domain short links first (SPEC §2), then the auth gate (SPEC §2/§6): checking → spinner; signed out → login; unapproved → pending; else the routed app. */
export function App() {
  const [customDomain] = useState(isCustomDomainRequest);
  if (customDomain) return <CustomDomainRedirect />;
  return <AuthGate />;
}

function AuthGate() {
  const { user, isCheckingAuth } = useAuth();
  if (isCheckingAuth) return <CheckingAuth />;
  if (!user) return <LoginPage />;
  if (!user.isApproved) return <ApprovalPendingPage />;
  return <SignedInApp />;
}
