import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/ui/DataTable';
import { formatDateTime } from '../../../lib';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { deliveryStatus } from '../lib/delivery-status';
import type { WebhookDeliveryDto } from '@app/contracts';

const when = (value: string | null) => (value ? formatDateTime(value) : '—');

function StatusBadge({ d }: { d: WebhookDeliveryDto }) {
  const { color, label, nextAttemptAt } = deliveryStatus(d);
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={color}>{label}</Badge>
      {nextAttemptAt && (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="next-attempt">
          {`Next try ${formatDateTime(nextAttemptAt)}`}
        </Text>
      )}
    </Stack>
  );
}

/** Narrow screens: one card per delivery. */
function DeliveryCard({ d }: { d: WebhookDeliveryDto }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="delivery">
      <Flex justify="space-between" gap="2" wrap="wrap">
        <Text fontFamily="mono" fontSize="sm">
          {d.event}
        </Text>
        <StatusBadge d={d} />
      </Flex>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {`Attempts ${d.attempts} · Response ${d.responseStatus ?? '—'} · Created ${when(d.createdAt)} · Delivered ${when(d.deliveredAt)}`}
      </Text>
      {d.error && (
        <Text fontSize="sm" color="fg.error" mt="1" wordBreak="break-word">
          {d.error}
        </Text>
      )}
    </Box>
  );
}

const DELIVERY_COLUMNS: Column<WebhookDeliveryDto>[] = [
  { header: 'Event', cell: (d) => d.event, cellProps: { fontFamily: 'mono' } },
  { header: 'Status', cell: (d) => <StatusBadge d={d} /> },
  { header: 'Attempts', cell: (d) => d.attempts, numeric: true },
  { header: 'Response', cell: (d) => d.responseStatus ?? '—', numeric: true },
  {
    header: 'Error',
    // A table cell ignores max-width: the box keeps a long error to two lines of its column.
    cell: (d) => (
      <Box w="16rem" lineClamp={2} wordBreak="break-word" title={d.error ?? undefined} data-testid="delivery-error">
        {d.error ?? ''}
      </Box>
    ),
  },
  { header: 'Created', cell: (d) => when(d.createdAt), cellProps: { whiteSpace: 'nowrap' } },
  { header: 'Delivered', cell: (d) => when(d.deliveredAt), cellProps: { whiteSpace: 'nowrap' } },
];

/** Deliveries shown before 'Show all' (the api keeps the last 50). */
export const DELIVERIES_SHOWN = 10;

/** The last 50 deliveries of one webhook, refreshed every few seconds while open; a table on wide screens. */
export function DeliveriesPanel({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  const [showAll, setShowAll] = useState(false);
  const all = deliveries.data ?? [];
  const list = showAll ? all : all.slice(0, DELIVERIES_SHOWN);
  return (
    <Box mt="4" borderTopWidth="1px" pt="4" data-testid="deliveries">
      <Flex justify="space-between" align="center" mb="3" gap="2" wrap="wrap">
        <Text fontWeight="semibold">Recent deliveries</Text>
        <Button size="xs" variant="outline" loading={deliveries.isFetching && !deliveries.isPending} onClick={() => void deliveries.refetch()}>
          Refresh
        </Button>
      </Flex>
      {deliveries.isPending ? (
        <Text color="fg.muted">Loading deliveries...</Text>
      ) : deliveries.isError ? (
        <Text color="fg.error">{deliveries.error.message}</Text>
      ) : all.length === 0 ? (
        <Text color="fg.muted">No deliveries yet</Text>
      ) : (
        <>
          <Stack gap="2" hideFrom="md">
            {list.map((d) => (
              <DeliveryCard key={d.id} d={d} />
            ))}
          </Stack>
          <DataTable
            columns={DELIVERY_COLUMNS}
            rows={list}
            rowKey={(d) => d.id}
            rowTestId="delivery-row"
            scroll={{ hideBelow: 'md', borderWidth: '1px', borderRadius: 'md' }}
          />
          {all.length > DELIVERIES_SHOWN && (
            <Button size="sm" variant="ghost" mt="2" onClick={() => setShowAll((v) => !v)}>
              {showAll ? `Show the latest ${DELIVERIES_SHOWN}` : `Show all ${all.length}`}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
