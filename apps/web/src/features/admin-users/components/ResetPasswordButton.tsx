import type { ResetPasswordResponse, UserDto } from '@app/contracts';
import { Button, Code, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { apiSend, notify, serverMessage, useAuth } from '../../../lib';

/**
 * An admin resets a forgotten password: the temporary one is shown here once, to pass on; the user's sessions end and
 * they must choose a new password after signing in with it. Not on one's own row (the Account screen changes it).
 */
export function ResetPasswordButton({ user }: { user: UserDto }) {
  const { user: me } = useAuth();
  const [temporary, setTemporary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (me?.id === user.id) return null;
  if (temporary) {
    return (
      <Text fontSize="sm" data-testid="temporary-password">
        Temporary password (shown once): <Code>{temporary}</Code>
      </Text>
    );
  }
  const reset = async () => {
    setBusy(true);
    try {
      const res = await apiSend<ResetPasswordResponse>('POST', `/api/admin/users/${encodeURIComponent(user.id)}/reset-password`);
      setTemporary(res.temporaryPassword);
      notify.success('Password Reset', `${user.username} must choose a new password after signing in with the temporary one.`);
    } catch (err) {
      notify.error('Error', serverMessage(err) || 'Failed to reset the password');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" loading={busy} onClick={() => void reset()}>
      Reset password
    </Button>
  );
}
