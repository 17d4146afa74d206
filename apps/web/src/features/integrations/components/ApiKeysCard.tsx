import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useApiKeys } from '../api/get-api-keys';
import type { CreatedApiKeyDto } from '@app/contracts';
import { QueryList } from '../../../components/ui/QueryList';
import { ApiKeyItem } from './ApiKeyItem';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { SecretOnce } from './SecretOnce';
import { SectionCard } from './SectionCard';

/** API keys (docs/product.md#api-keys): create, the key once, the list with last use, revoke. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  return (
    <SectionCard
      id="api-keys"
      title="API Keys"
      description={
        <>
          Scripts and other products call the API with <code>Authorization: Bearer lp_…</code>; a key acts as you, within its scopes.
        </>
      }
    >
      <Stack gap="6">
        <CreateApiKeyForm onCreated={setCreated} />
        {created && <SecretOnce what="API key" value={created.key} onDone={() => setCreated(null)} />}
        <QueryList query={keys} label="API keys" empty="No API keys yet">
          {(k) => <ApiKeyItem key={k.id} apiKey={k} />}
        </QueryList>
      </Stack>
    </SectionCard>
  );
}
