import type { WorkerInfoDto } from '@app/contracts';
import { Badge, Box, Card, Stack, Text } from '@chakra-ui/react';
import { DataTable, type Column } from '../../../components/ui/DataTable';
import { useIsWide } from '../../../lib/use-media-query';

const duration = (s: number) =>
  s < 60 ? `${s}s` : s < 3600 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;

const WORKER_COLUMNS: Column<WorkerInfoDto>[] = [
  {
    header: 'Worker',
    cell: (w) => (
      <Badge colorPalette="green" variant="subtle">
        {w.name}
      </Badge>
    ),
  },
  { header: 'Address', cell: (w) => w.addr, cellProps: { fontFamily: 'mono' } },
  { header: 'Connected', cell: (w) => duration(w.age) },
  { header: 'Idle', cell: (w) => duration(w.idle) },
];

export function WorkersCard({ workers, liveSockets }: { workers: WorkerInfoDto[] | undefined; liveSockets: number | undefined }) {
  const list = workers ?? [];
  const wide = useIsWide();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Live Workers</Card.Title>
        <Card.Description>{`${list.length} ${list.length === 1 ? 'worker' : 'workers'} connected · ${liveSockets ?? 0} live dashboard connections on this server`}</Card.Description>
      </Card.Header>
      <Card.Body>
        {list.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="4">
            No workers connected: clicks wait in the queue until a worker starts
          </Text>
        ) : !wide ? (
          <Stack as="ul" gap="2" m="0" p="0" listStyleType="none" aria-label="Connected workers">
            {list.map((w) => (
              <Box as="li" key={`${w.name}-${w.addr}`} borderWidth="1px" borderRadius="md" p="3">
                <Badge colorPalette="green" variant="subtle">
                  {w.name}
                </Badge>
                <Text fontFamily="mono" fontSize="sm" mt="1" wordBreak="break-all">
                  {w.addr}
                </Text>
                <Text fontSize="xs" color="fg.muted">{`Connected ${duration(w.age)} · Idle ${duration(w.idle)}`}</Text>
              </Box>
            ))}
          </Stack>
        ) : (
          <DataTable label="Connected workers" columns={WORKER_COLUMNS} rows={list} rowKey={(w) => `${w.name}-${w.addr}`} />
        )}
      </Card.Body>
    </Card.Root>
  );
}
