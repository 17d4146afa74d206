import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { ShieldAlert } from 'lucide-react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';

export const ADMINS_ONLY_TITLE = 'Admins only';
export const ADMINS_ONLY_TEXT =
  'This screen is for administrators. Your account does not have admin rights; ask an administrator if you need access.';

/** What a regular user sees on an admin route, instead of a screen whose every call would answer 403. */
export function AdminsOnlyScreen() {
  useDocumentTitle(`${ADMINS_ONLY_TITLE} - LinkPulse`);
  return (
    <Card.Root maxW="lg" mx="auto" mt={{ base: '4', md: '12' }} data-testid="admins-only">
      <Card.Body>
        <Stack gap="4" align="center" textAlign="center">
          <ShieldAlert size={40} aria-hidden color="var(--chakra-colors-orange-fg)" />
          <Heading as="h1" size="xl">
            {ADMINS_ONLY_TITLE}
          </Heading>
          <Text color="fg.muted">{ADMINS_ONLY_TEXT}</Text>
          <Button asChild colorPalette="blue">
            <RouterLink to="/dashboard">Go to Dashboard</RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The parent route of every admin screen: admins get the screen, everyone else the one "Admins only" screen. */
export function AdminOnly() {
  const { user } = useAuth();
  return user?.isAdmin ? <Outlet /> : <AdminsOnlyScreen />;
}
