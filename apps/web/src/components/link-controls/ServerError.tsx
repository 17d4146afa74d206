import { Alert } from '@chakra-ui/react';

/** The server's 400 message, kept in the form until the next submit (the toast disappears). */
export function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" size="sm" data-testid="server-error">
      <Alert.Indicator />
      <Alert.Description>{message}</Alert.Description>
    </Alert.Root>
  );
}
