import type { QueueStatusDto } from '@app/contracts';
import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import { formatCount } from '../../../lib/numbers';

/** Counts of one BullMQ queue plus its throughput. */
export function QueueCard({ title, description, queue }: { title: string; description: string; queue: QueueStatusDto | undefined }) {
  const cells: [string, number | undefined, string?][] = [
    ['Waiting', queue?.waiting],
    ['Active', queue?.active],
    ['Delayed', queue?.delayed],
    ['Failed', queue?.failed, queue && queue.failed > 0 ? 'red.fg' : undefined],
    ['Completed', queue?.completed],
    ['Throughput', queue?.throughputPerMinute],
  ];
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{title}</Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="4">
          {cells.map(([label, value, color]) => (
            <div key={label} data-testid={`${title}-${label}`}>
              <Text fontSize="xs" color="fg.muted">
                {label === 'Throughput' ? 'Throughput (jobs/min)' : label}
              </Text>
              <Text fontSize="xl" fontWeight="bold" color={color}>
                {value === undefined ? '—' : formatCount(value)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
