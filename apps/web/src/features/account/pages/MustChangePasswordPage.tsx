import { Button, Card, Flex, Heading, Text } from '@chakra-ui/react';
import { useAuth } from '../../../lib';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { ACCOUNT_TEXTS as T } from '../components/AccountTexts';

/** After an admin reset: nothing else works until a new password is chosen (the api answers 403 meanwhile). */
export function MustChangePasswordPage() {
  const auth = useAuth();
  return (
    <Flex as="main" minH="100vh" align="center" justify="center" bg="bg.subtle" p="4">
      <Card.Root w="full" maxW="md">
        <Card.Header>
          <Heading as="h1" size="lg">
            {T.mustChangeTitle}
          </Heading>
          <Text color="fg.muted">{T.mustChangeHelp}</Text>
        </Card.Header>
        <Card.Body>
          <ChangePasswordForm currentLabel={T.temporaryPassword} onChanged={(user) => auth.login(user, auth.sessionId!)} />
        </Card.Body>
        <Card.Footer>
          <Button variant="plain" size="sm" onClick={() => void auth.logout()}>
            {T.signOut}
          </Button>
        </Card.Footer>
      </Card.Root>
    </Flex>
  );
}
