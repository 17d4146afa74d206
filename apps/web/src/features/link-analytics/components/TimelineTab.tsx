import type { LinkAnalyticsDto } from '@app/contracts';
import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatDate } from '../../../lib/dates';
import { countOf } from '../../../lib/numbers';

/** 'Click Timeline': per-day counts, newest first. */
export function TimelineTab({ data }: { data: LinkAnalyticsDto }) {
  const days = [...data.clicksOverTime].sort((a, b) => b.date.localeCompare(a.date));
  const empty = days.every((d) => d.clicks === 0);
  return (
    <TitledCard title="Click Timeline">
      {empty ? (
        <Text color="fg.muted">No timeline data available</Text>
      ) : (
        <Stack gap="1">
          {days.map((d) => (
            <Flex key={d.date} justify="space-between" py="1" borderBottomWidth="1px">
              <Text fontSize="sm">{formatDate(d.date)}</Text>
              <Badge colorPalette={d.clicks > 0 ? 'blue' : 'gray'}>{countOf(d.clicks, 'click')}</Badge>
            </Flex>
          ))}
        </Stack>
      )}
    </TitledCard>
  );
}
