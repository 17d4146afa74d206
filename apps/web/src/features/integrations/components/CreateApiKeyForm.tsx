import { Box, Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../lib';
import { useCreateApiKey } from '../api/create-api-key';
import { expiryFromDate } from '../lib/expiry';
import { SCOPE_DESCRIPTIONS } from '../lib/labels';
import { API_KEY_SCOPES, type ApiKeyScope, type CreatedApiKeyDto } from '@app/contracts';
import { OptionCheckboxes } from './OptionCheckboxes';
import { TextField } from '../../../components/ui/TextField';

/** Name, scopes and an optional expiry day; the created key (with its one-time `key`) goes to `onCreated`. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKeyDto) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['links:read']);
  const [expiry, setExpiry] = useState('');
  const create = useCreateApiKey();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return notify.error('Error', 'Give the key a name');
    if (scopes.length === 0) return notify.error('Error', 'Choose at least one scope');
    const { expiresAt, error } = expiryFromDate(expiry);
    if (error) return notify.error('Error', error);
    create.mutate(
      { name: name.trim(), scopes, ...(expiresAt ? { expiresAt } : {}) },
      {
        onSuccess: (key) => {
          setName('');
          setExpiry('');
          setScopes(['links:read']);
          onCreated(key);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Create API key">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField label="Key name" name="apiKeyName" placeholder="CRM sync" value={name} onValueChange={setName} maxLength={100} />
          <TextField
            label="Expires (optional)"
            helperText="Empty: the key works until you revoke it."
            type="date"
            name="apiKeyExpiry"
            value={expiry}
            onValueChange={setExpiry}
          />
        </SimpleGrid>
        <OptionCheckboxes legend="Scopes" options={API_KEY_SCOPES} descriptions={SCOPE_DESCRIPTIONS} selected={scopes} onChange={setScopes} />
        <Box>
          <Button type="submit" colorPalette="blue" loading={create.isPending} w={{ base: 'full', md: 'auto' }}>
            Create API Key
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
