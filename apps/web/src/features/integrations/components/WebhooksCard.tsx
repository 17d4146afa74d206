import { Card, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useWebhooks } from '../api/get-webhooks';
import type { CreatedWebhookDto } from '@app/contracts';
import { AddWebhookForm } from './AddWebhookForm';
import { SecretOnce } from './SecretOnce';
import { WebhookItem } from './WebhookItem';

/** Webhooks (docs/product.md#webhooks): add with events, the signing secret once, the list with deliveries, delete. */
export function WebhooksCard() {
  const hooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhookDto | null>(null);
  const list = hooks.data ?? [];
  return (
    <Card.Root as="section" aria-labelledby="webhooks-title">
      <Card.Header>
        <Card.Title id="webhooks-title" as="h2">
          Webhooks
        </Card.Title>
        <Card.Description>LinkPulse posts your link events to these URLs, signed with the endpoint's secret.</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <AddWebhookForm onCreated={setCreated} />
          {created && <SecretOnce what="signing secret" value={created.secret} onDone={() => setCreated(null)} />}
          {hooks.isPending ? (
            <Skeleton h="16" />
          ) : hooks.isError ? (
            <Text color="fg.error">{hooks.error.message}</Text>
          ) : list.length === 0 ? (
            <Text color="fg.muted" textAlign="center" py="4">
              No webhooks yet
            </Text>
          ) : (
            <Stack as="ul" gap="3" m="0" p="0" aria-label="Webhooks">
              {list.map((w) => (
                <WebhookItem key={w.id} webhook={w} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
