import { Button, Stack } from '@chakra-ui/react';
import type { UserDto } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { notify, serverMessage } from '../../../lib';
import { changePassword } from '../api/account';
import { ACCOUNT_TEXTS as T } from './AccountTexts';

/** Current and new password; on success the new user (no longer needing a change) is handed to `onChanged`. */
export function ChangePasswordForm({ currentLabel = T.currentPassword, onChanged }: { currentLabel?: string; onChanged: (user: UserDto) => void }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { user } = await changePassword({ currentPassword, newPassword });
      setCurrent('');
      setNew('');
      notify.success(...T.passwordChanged);
      onChanged(user);
    } catch (err) {
      notify.error('Error', serverMessage(err) || 'Failed to change the password');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label={T.password}>
      <Stack gap="3" maxW="sm">
        <TextField
          required
          label={currentLabel}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onValueChange={setCurrent}
        />
        <TextField
          required
          label={T.newPassword}
          helperText={T.newPasswordHint}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onValueChange={setNew}
        />
        <Button type="submit" colorPalette="blue" disabled={busy} alignSelf="flex-start">
          {T.savePassword}
        </Button>
      </Stack>
    </form>
  );
}
