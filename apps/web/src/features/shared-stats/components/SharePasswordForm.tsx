import { Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { TitledCard } from '../../../components/ui/TitledCard';

/** A password share asks for its password; a wrong one says so (the server's message). */
export function SharePasswordForm({ error, busy, onSubmit }: { error: string | null; busy: boolean; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <TitledCard
      as="section"
      level="h2"
      headingSize="md"
      title="This page is protected"
      description="Enter the password you were given to see the stats."
    >
      <form onSubmit={submit}>
        <Stack gap="3" maxW="sm">
          <TextField label="Password" type="password" autoComplete="current-password" value={password} onValueChange={setPassword} required />
          {error && (
            <Text color="fg.error" role="alert">
              {error}
            </Text>
          )}
          <Button type="submit" alignSelf="start" loading={busy}>
            Show stats
          </Button>
        </Stack>
      </form>
    </TitledCard>
  );
}
