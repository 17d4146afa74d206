import type { WorkerInfoDto } from '@app/contracts';
import { Badge, Box, Card, Stack, Table, Text } from '@chakra-ui/react';
import { useIsWide } from '../../../lib/use-media-query';

const duration = (s: number) =>
  s < 60 ? `${s}s` : s < 3600 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;

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
          <Table.ScrollArea tabIndex={0} aria-label="Connected workers">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Worker</Table.ColumnHeader>
                  <Table.ColumnHeader>Address</Table.ColumnHeader>
                  <Table.ColumnHeader>Connected</Table.ColumnHeader>
                  <Table.ColumnHeader>Idle</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((w) => (
                  <Table.Row key={`${w.name}-${w.addr}`}>
                    <Table.Cell>
                      <Badge colorPalette="green" variant="subtle">
                        {w.name}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell fontFamily="mono">{w.addr}</Table.Cell>
                    <Table.Cell>{duration(w.age)}</Table.Cell>
                    <Table.Cell>{duration(w.idle)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}
