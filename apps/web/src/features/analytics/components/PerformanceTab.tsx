import { Badge, Box, Card, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../lib';
import type { PerformanceLink } from '../api/get-performance';
import { linkDomain, performanceSummary } from '../lib/performance-summary';

const lastClick = (v: string | null) => (v ? formatDateTime(v) : 'Never');

/** Performance: per-link clicks in range with a 'Total Summary' row. */
export function PerformanceTab({ links, loading }: { links: PerformanceLink[] | undefined; loading: boolean }) {
  const rows = links ?? [];
  const total = performanceSummary(rows);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Link Performance</Card.Title>
        <Card.Description>Clicks of each link in the selected range</Card.Description>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Stack gap="2">{[0, 1, 2, 3].map((i) => <Skeleton key={i} h="8" />)}</Stack>
        ) : rows.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="6">No links created yet</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} aria-label="Link performance table">
            <Table.Root size="sm" minW="40rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Link</Table.ColumnHeader>
                  <Table.ColumnHeader>Domain</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Clicks in Range</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Total Clicks</Table.ColumnHeader>
                  <Table.ColumnHeader>Last Click</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((l) => (
                  <Table.Row key={l.id}>
                    <Table.Cell>
                      <HStack gap="2" wrap="wrap">
                        <Text fontWeight="medium">{l.name}</Text>
                        {l.ownerUsername && <Badge colorPalette="purple" variant="subtle">{l.ownerUsername}</Badge>}
                      </HStack>
                      <Text fontSize="xs" color="fg.muted">{l.shortCode}</Text>
                    </Table.Cell>
                    <Table.Cell>{linkDomain(l)}</Table.Cell>
                    <Table.Cell textAlign="end">{(l.clicksInRange ?? 0).toLocaleString()}</Table.Cell>
                    <Table.Cell textAlign="end">{l.clickCount.toLocaleString()}</Table.Cell>
                    <Table.Cell>{lastClick(l.lastClick)}</Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row bg="bg.muted" fontWeight="semibold" data-testid="total-summary">
                  <Table.Cell>
                    <Box>Total Summary</Box>
                    <Text fontSize="xs" color="fg.muted" fontWeight="normal">{`${total.links} ${total.links === 1 ? 'link' : 'links'}`}</Text>
                  </Table.Cell>
                  <Table.Cell />
                  <Table.Cell textAlign="end">{total.clicksInRange.toLocaleString()}</Table.Cell>
                  <Table.Cell textAlign="end">{total.totalClicks.toLocaleString()}</Table.Cell>
                  <Table.Cell>{lastClick(total.lastClick)}</Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}
