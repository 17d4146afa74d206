import { Badge, Box, Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../lib';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useResumeWebhook } from '../api/resume-webhook';
import type { WebhookDto } from '@app/contracts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CodeBadges } from '../../../components/ui/CodeBadges';
import { ItemSummary } from '../../../components/ui/ItemSummary';
import { RowActions } from '../../../components/ui/RowActions';
import { DeliveriesPanel } from './DeliveriesPanel';

/**
 * One endpoint: URL, events, created; Deliveries toggles its delivery log; Delete asks first. A paused endpoint (it
 * kept failing) says so with a Resume button (docs/product.md#webhooks).
 */
export function WebhookItem({ webhook }: { webhook: WebhookDto }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteWebhook();
  const resume = useResumeWebhook();
  const paused = webhook.status === 'paused';
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="4" data-testid="webhook-item" data-url={webhook.url}>
      <ItemSummary
        title={webhook.url}
        titleProps={{ fontFamily: 'mono', fontSize: 'sm' }}
        actions={
          <RowActions label={`Actions for ${webhook.url}`}>
            {paused && (
              <Button size="sm" colorPalette="blue" loading={resume.isPending} onClick={() => resume.mutate(webhook.id)}>
                Resume
              </Button>
            )}
            <Button size="sm" variant="outline" aria-expanded={showDeliveries} onClick={() => setShowDeliveries((v) => !v)}>
              {showDeliveries ? 'Hide Deliveries' : 'Deliveries'}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </RowActions>
        }
      >
        <CodeBadges label="Events" values={webhook.events} colorPalette="purple" />
        {paused && (
          <Text fontSize="sm" mt="2" data-testid="webhook-paused">
            <Badge colorPalette="gray" me="2">
              Paused
            </Badge>
            {`Since ${formatDateTime(webhook.pausedAt ?? webhook.createdAt)}, after repeated failed deliveries. New events are held until you resume it.`}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted" mt="2">{`Added ${formatDate(webhook.createdAt)}`}</Text>
      </ItemSummary>
      {showDeliveries && <DeliveriesPanel webhookId={webhook.id} />}
      <ConfirmDialog
        destructive
        open={confirming}
        title="Delete Webhook"
        confirmLabel="Delete Webhook"
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(webhook.id, { onSettled: () => setConfirming(false) })}
      >
        {`No more events will be sent to ${webhook.url}. Pending retries stop.`}
      </ConfirmDialog>
    </Box>
  );
}
