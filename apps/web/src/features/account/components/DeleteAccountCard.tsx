import { Button, Stack, Text } from '@chakra-ui/react';
import type { UserDto } from '@app/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/TextField';
import { useAuth } from '../../../lib';
import { useDeleteAccount } from '../api/account';
import { ACCOUNT_TEXTS as T } from './AccountTexts';

/**
 * "Delete my account" (docs/product.md#accounts): the dialog asks for the password (an account without one confirms by
 * a recent sign-in, which the server checks) and, with two-factor sign-in on, a current code or a recovery code; once deleted, this browser is signed out like every other session.
 */
export function DeleteAccountCard({ user }: { user: UserDto }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const remove = useDeleteAccount();
  const busy = remove.isPending || remove.isSuccess;
  const close = () => {
    setOpen(false);
    setPassword('');
    setCode('');
  };
  // Once deleted, this browser signs out too (busy until then).
  const confirm = () =>
    remove.mutate({ ...(user.hasPassword ? { password } : {}), ...(user.twoFactorEnabled ? { code } : {}) }, { onSuccess: () => void auth.logout() });
  return (
    <Stack gap="3" align="flex-start">
      <Text color="fg.muted">{T.deleteAccountHelp}</Text>
      <Button variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
        {T.deleteAccount}
      </Button>
      <ConfirmDialog
        open={open}
        title={T.deleteAccountTitle}
        confirmLabel={T.deleteAccountConfirm}
        destructive
        busy={busy}
        onClose={close}
        onConfirm={() => void confirm()}
      >
        <Stack gap="3">
          <Text>{T.deleteAccountWarning}</Text>
          {user.hasPassword ? (
            <TextField
              required
              label={T.deleteAccountPassword}
              name="deletePassword"
              type="password"
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
            />
          ) : (
            <Text color="fg.muted">{T.deleteAccountSso}</Text>
          )}
          {user.twoFactorEnabled && (
            <TextField required label={T.deleteAccountCode} name="deleteCode" autoComplete="one-time-code" value={code} onValueChange={setCode} />
          )}
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
