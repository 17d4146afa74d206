import type { UserDto } from '@app/contracts';
import { Button, Code, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useAuth } from '../../../lib';
import { useResetPassword } from '../api/reset-password';

/**
 * An admin resets a forgotten password: the temporary one is shown here once, to pass on; the user's sessions end and
 * they must choose a new password after signing in with it. Not on one's own row (the Account screen changes it).
 */
export function ResetPasswordButton({ user }: { user: UserDto }) {
  const { user: me } = useAuth();
  const [temporary, setTemporary] = useState<string | null>(null);
  const reset = useResetPassword();
  if (me?.id === user.id) return null;
  if (temporary) {
    return (
      <Text fontSize="sm" data-testid="temporary-password">
        Temporary password (shown once): <Code>{temporary}</Code>
      </Text>
    );
  }
  return (
    <Button
      size="sm"
      variant="outline"
      loading={reset.isPending}
      onClick={() => reset.mutate(user, { onSuccess: (res) => setTemporary(res.temporaryPassword) })}
    >
      Reset password
    </Button>
  );
}
