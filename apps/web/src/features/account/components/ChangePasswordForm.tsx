import { Button, Stack } from '@chakra-ui/react';
import type { UserDto } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { useChangePassword } from '../api/account';
import { ACCOUNT_TEXTS as T } from './AccountTexts';

/** Current and new password; on success the new user (no longer needing a change) is handed to `onChanged`. */
export function ChangePasswordForm({ currentLabel = T.currentPassword, onChanged }: { currentLabel?: string; onChanged: (user: UserDto) => void }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const change = useChangePassword();
  const busy = change.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ user }) => {
          setCurrent('');
          setNew('');
          onChanged(user);
        },
      },
    );
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
