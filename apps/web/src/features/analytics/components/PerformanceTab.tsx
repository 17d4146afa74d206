import { Badge, Box, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { DataTable, type Column } from '../../../components/ui/DataTable';
import { SkeletonRows } from '../../../components/ui/ListBody';
import { formatDateTime } from '../../../lib';
import { Pager } from '../../../components/ui/Pager';
import type { PerformanceLink, PerformancePage } from '../api/get-performance';
import { linkDomain } from '../lib/link-domain';
import { formatCount } from '../../../lib/numbers';
import { useIsWide } from '../../../lib/use-media-query';

const lastClick = (v: string | null) => (v ? formatDateTime(v) : 'Never');

/** The link's name, with its owner's username when an admin sees other users' links. */
function LinkName({ link }: { link: PerformanceLink }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Text fontWeight="medium">{link.name}</Text>
      {link.ownerUsername && (
        <Badge colorPalette="purple" variant="subtle">
          {link.ownerUsername}
        </Badge>
      )}
    </HStack>
  );
}

const PERFORMANCE_COLUMNS: Column<PerformanceLink>[] = [
  {
    header: 'Link',
    cell: (l) => (
      <>
        <LinkName link={l} />
        <Text fontSize="xs" color="fg.muted">
          {l.shortCode}
        </Text>
      </>
    ),
  },
  { header: 'Domain', cell: (l) => linkDomain(l) },
  { header: 'Clicks in Range', cell: (l) => formatCount(l.clicksInRange ?? 0), numeric: true },
  { header: 'Total Clicks', cell: (l) => formatCount(l.clickCount), numeric: true },
  { header: 'Last Click', cell: (l) => lastClick(l.lastClick) },
];

interface PerformanceTabProps {
  /** One page of the table, most clicked in the range first; its summary sums every link (not only this page). */
  page: PerformancePage | undefined;
  loading: boolean;
  onPage: (page: number) => void;
}

/** Performance: per-link clicks in range, a page at a time, with a 'Total Summary' row over every link. */
export function PerformanceTab({ page, loading, onPage }: PerformanceTabProps) {
  const rows = page?.data ?? [];
  const total = page?.summary ?? { links: 0, clicksInRange: 0, totalClicks: 0, lastClick: null };
  const wide = useIsWide();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Link Performance</Card.Title>
        <Card.Description>Clicks of each link in the selected range</Card.Description>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <SkeletonRows count={4} h="8" gap="2" />
        ) : rows.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="6">
            No links created yet
          </Text>
        ) : !wide ? (
          <Stack as="ul" gap="2" m="0" p="0" listStyleType="none" aria-label="Link performance">
            {rows.map((l) => (
              <Box as="li" key={l.id} borderWidth="1px" borderRadius="md" p="3" data-testid="performance-card">
                <LinkName link={l} />
                <Text fontSize="xs" color="fg.muted">{`${l.shortCode} · ${linkDomain(l)}`}</Text>
                <Text fontSize="sm" mt="1">{`Clicks in Range ${formatCount(l.clicksInRange ?? 0)} · Total Clicks ${formatCount(l.clickCount)}`}</Text>
                <Text fontSize="xs" color="fg.muted">{`Last Click ${lastClick(l.lastClick)}`}</Text>
              </Box>
            ))}
            <Box as="li" borderWidth="1px" borderRadius="md" p="3" bg="bg.muted" data-testid="total-summary">
              <Text fontWeight="semibold">{`Total Summary · ${total.links} ${total.links === 1 ? 'link' : 'links'}`}</Text>
              <Text fontSize="sm">{`Clicks in Range ${formatCount(total.clicksInRange)} · Total Clicks ${formatCount(total.totalClicks)}`}</Text>
              <Text fontSize="xs" color="fg.muted">{`Last Click ${lastClick(total.lastClick)}`}</Text>
            </Box>
          </Stack>
        ) : (
          <DataTable
            label="Link performance table"
            columns={PERFORMANCE_COLUMNS}
            rows={rows}
            rowKey={(l) => l.id}
            scroll={{ borderWidth: '1px', borderRadius: 'md' }}
            table={{ minW: '40rem' }}
            footer={
              <Table.Row bg="bg.muted" fontWeight="semibold" data-testid="total-summary">
                <Table.Cell>
                  <Box>Total Summary</Box>
                  <Text fontSize="xs" color="fg.muted" fontWeight="normal">{`${total.links} ${total.links === 1 ? 'link' : 'links'}`}</Text>
                </Table.Cell>
                <Table.Cell />
                <Table.Cell textAlign="end">{formatCount(total.clicksInRange)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(total.totalClicks)}</Table.Cell>
                <Table.Cell>{lastClick(total.lastClick)}</Table.Cell>
              </Table.Row>
            }
          />
        )}
        {page && page.total > page.limit && (
          <Box mt="4">
            <Pager
              page={page.page}
              totalPages={Math.ceil(page.total / page.limit)}
              total={page.total}
              pageSize={page.limit}
              noun="links"
              onPage={onPage}
            />
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
