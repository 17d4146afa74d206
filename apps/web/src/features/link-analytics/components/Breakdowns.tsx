import type { CountValue, LinkAnalyticsDto } from '@app/contracts';
import { Badge, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatCount } from '../../../lib/numbers';

function Breakdown({ title, items }: { title: string; items: CountValue[] | undefined }) {
  const list = [...(items ?? [])].sort((a, b) => b.count - a.count).slice(0, 8);
  return (
    <TitledCard title={title} size="sm">
      {list.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No data yet
        </Text>
      ) : (
        list.map((i) => (
          <Flex key={i.name} justify="space-between" py="1">
            <Text fontSize="sm" truncate>
              {i.name || 'Unknown'}
            </Text>
            <Badge>{formatCount(i.count)}</Badge>
          </Flex>
        ))
      )}
    </TitledCard>
  );
}

/** Browser, OS, device and referrer breakdowns the API gives. */
export function Breakdowns({ data }: { data: LinkAnalyticsDto }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
      <Breakdown title="Browsers" items={data.clicksByBrowser} />
      <Breakdown title="Operating Systems" items={data.clicksByOs} />
      <Breakdown title="Devices" items={data.clicksByDevice} />
      <Breakdown title="Referrers" items={data.clicksByReferrer} />
    </SimpleGrid>
  );
}
