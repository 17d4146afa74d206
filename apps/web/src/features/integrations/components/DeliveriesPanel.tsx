import { Badge, Box, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
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
          <Table.ScrollArea hideBelow="md" borderWidth="1px" borderRadius="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Event</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Attempts</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Response</Table.ColumnHeader>
                  <Table.ColumnHeader>Error</Table.ColumnHeader>
                  <Table.ColumnHeader>Created</Table.ColumnHeader>
                  <Table.ColumnHeader>Delivered</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((d) => (
                  <Table.Row key={d.id} data-testid="delivery-row">
                    <Table.Cell fontFamily="mono">{d.event}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge d={d} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">{d.attempts}</Table.Cell>
                    <Table.Cell textAlign="end">{d.responseStatus ?? '—'}</Table.Cell>
                    <Table.Cell>
                      {/* A table cell ignores max-width: the box keeps a long error to two lines of its column. */}
                      <Box w="16rem" lineClamp={2} wordBreak="break-word" title={d.error ?? undefined} data-testid="delivery-error">
                        {d.error ?? ''}
                      </Box>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{when(d.createdAt)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{when(d.deliveredAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
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
