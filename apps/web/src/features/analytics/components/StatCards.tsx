import type { StatsDto } from '@app/contracts';
import { Card, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { formatCount } from '../../../lib/numbers';

const CARDS: { label: string; key: Exclude<keyof StatsDto, 'previous'> }[] = [
  { label: 'Total Clicks', key: 'totalClicks' },
  { label: 'Clicks Today', key: 'clicksToday' },
  { label: 'Clicks This Week', key: 'clicksThisWeek' },
  { label: 'Total Links', key: 'totalLinks' },
];

export function StatCards({ stats, loading }: { stats: StatsDto | undefined; loading: boolean }) {
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
      {CARDS.map((c) => (
        <Card.Root key={c.key} size="sm">
          <Card.Body>
            <Text fontSize="sm" color="fg.muted">
              {c.label}
            </Text>
            {loading ? (
              <Skeleton h="8" mt="1" w="16" />
            ) : (
              <Text fontSize="2xl" fontWeight="bold">
                {formatCount(stats?.[c.key] ?? 0)}
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
