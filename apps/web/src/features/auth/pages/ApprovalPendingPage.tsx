import { Alert, Button, Card, Flex, Heading, List, Spinner, Text } from '@chakra-ui/react';
import { useAuth } from '../../../lib/auth-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useApprovalWatch } from '../hooks/use-approval-watch';

/** docs/product.md#approval-pending: unapproved users see only this; it moves on by itself after approval (useApprovalWatch). */
export function ApprovalPendingPage() {
  useDocumentTitle('Approval Pending');
  const { logout } = useAuth();
  useApprovalWatch();
  return (
    <Flex as="main" minH="100vh" align="center" justify="center" bg="bg.subtle" p="4">
      <Card.Root w="full" maxW="lg">
        <Card.Header textAlign="center">
          <Heading as="h1" size="2xl">
            Approval Pending
          </Heading>
          <Text color="fg.muted">Your account is waiting for admin approval</Text>
        </Card.Header>
        <Card.Body gap="4">
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Registration Successful!</Alert.Title>
              <Alert.Description>An administrator will review and approve your account shortly.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Heading as="h2" size="md">
            What happens next?
          </Heading>
          <List.Root as="ol" ps="5" gap="1">
            <List.Item>An administrator reviews your registration.</List.Item>
            <List.Item>You get access as soon as your account is approved.</List.Item>
            <List.Item>Then you can start using LinkPulse to shorten and track your links.</List.Item>
          </List.Root>
          <Flex align="center" justify="center" gap="2" color="fg.muted" fontSize="sm" role="status">
            <Spinner size="xs" />
            <Text>This page opens LinkPulse by itself once you are approved.</Text>
          </Flex>
          <Button variant="outline" onClick={() => void logout()}>
            Back to Login
          </Button>
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
