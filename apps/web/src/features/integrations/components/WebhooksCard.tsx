import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useWebhooks } from '../api/get-webhooks';
import type { CreatedWebhookDto } from '@app/contracts';
import { QueryList } from '../../../components/ui/QueryList';
import { AddWebhookForm } from './AddWebhookForm';
import { SecretOnce } from './SecretOnce';
import { SectionCard } from './SectionCard';
import { WebhookItem } from './WebhookItem';

/** Webhooks (docs/product.md#webhooks): add with events, the signing secret once, the list with deliveries, delete. */
export function WebhooksCard() {
  const hooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhookDto | null>(null);
  return (
    <SectionCard id="webhooks" title="Webhooks" description="LinkPulse posts your link events to these URLs, signed with the endpoint's secret.">
      <Stack gap="6">
        <AddWebhookForm onCreated={setCreated} />
        {created && <SecretOnce what="signing secret" value={created.secret} onDone={() => setCreated(null)} />}
        <QueryList query={hooks} label="Webhooks" empty="No webhooks yet">
          {(w) => <WebhookItem key={w.id} webhook={w} />}
        </QueryList>
      </Stack>
    </SectionCard>
  );
}
