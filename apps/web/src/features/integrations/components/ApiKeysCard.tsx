import { Card, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useApiKeys } from '../api/get-api-keys';
import type { CreatedApiKeyDto } from '@app/contracts';
import { ApiKeyItem } from './ApiKeyItem';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { SecretOnce } from './SecretOnce';

/** API keys (docs/product.md#api-keys): create, the key once, the list with last use, revoke. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const list = keys.data ?? [];
  return (
    <Card.Root as="section" aria-labelledby="api-keys-title">
      <Card.Header>
        <Card.Title id="api-keys-title" as="h2">
          API Keys
        </Card.Title>
        <Card.Description>
          Scripts and other products call the API with <code>Authorization: Bearer lp_…</code>; a key acts as you, within its scopes.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <CreateApiKeyForm onCreated={setCreated} />
          {created && <SecretOnce what="API key" value={created.key} onDone={() => setCreated(null)} />}
          {keys.isPending ? (
            <Skeleton h="16" />
          ) : keys.isError ? (
            <Text color="fg.error">{keys.error.message}</Text>
          ) : list.length === 0 ? (
            <Text color="fg.muted" textAlign="center" py="4">
              No API keys yet
            </Text>
          ) : (
            <Stack as="ul" gap="3" m="0" p="0" aria-label="API keys">
              {list.map((k) => (
                <ApiKeyItem key={k.id} apiKey={k} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
