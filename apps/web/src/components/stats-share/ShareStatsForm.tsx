import { SHARE_PASSWORD_MAX, SHARE_PASSWORD_MIN, type CreatedShareDto } from '@app/contracts';
import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useCreateShare } from '../../api/shares';
import { endOfDay, parseYmd } from '../../lib/dates';
import { CopyableUrl } from '../ui/CopyableUrl';
import { TextField } from '../ui/TextField';

export type ShareSubject = { linkId: string } | { tag: string };

/**
 * Creates a shared stats page of one link or tag (docs/product.md "Shared stats"): an optional password and last day;
 * the page's address is shown once, with a copy button (only its hash is kept).
 */
export function ShareStatsForm({ subject }: { subject: ShareSubject }) {
  const [password, setPassword] = useState('');
  const [lastDay, setLastDay] = useState('');
  const [created, setCreated] = useState<CreatedShareDto | null>(null);
  const create = useCreateShare();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const expiresAt = lastDay ? endOfDay(parseYmd(lastDay)).toISOString() : null;
    create.mutate({ ...subject, password: password || null, expiresAt }, { onSuccess: setCreated });
  };
  return (
    <Stack gap="4">
      <form onSubmit={submit} aria-label="Create a shared page">
        <Stack gap="3">
          <TextField
            label="Password (optional)"
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            minLength={SHARE_PASSWORD_MIN}
            maxLength={SHARE_PASSWORD_MAX}
            helperText={`At least ${SHARE_PASSWORD_MIN} characters; visitors type it to see the page.`}
          />
          <TextField
            label="Last day (optional)"
            type="date"
            value={lastDay}
            onValueChange={setLastDay}
            helperText="The page stops working after this day."
          />
          <Button type="submit" alignSelf="start" loading={create.isPending}>
            Create share link
          </Button>
        </Stack>
      </form>
      {created && <CopyableUrl url={created.url} copied={['Share link copied', 'Anyone with the link can open the page.']} testId="share-url" />}
    </Stack>
  );
}
