import type { LinkAnalyticsDto } from '@app/contracts';
import { Badge, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '../../../lib/dates';

/** 'Click Timeline': per-day counts, newest first. */
export function TimelineTab({ data }: { data: LinkAnalyticsDto }) {
  const days = [...data.clicksOverTime].sort((a, b) => b.date.localeCompare(a.date));
  const empty = days.every((d) => d.clicks === 0);
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h3" size="sm">Click Timeline</Heading>
      </Card.Header>
      <Card.Body>
        {empty ? (
          <Text color="fg.muted">No timeline data available</Text>
        ) : (
          <Stack gap="1">
            {days.map((d) => (
              <Flex key={d.date} justify="space-between" py="1" borderBottomWidth="1px">
                <Text fontSize="sm">{formatDate(d.date)}</Text>
                <Badge colorPalette={d.clicks > 0 ? 'blue' : 'gray'}>{d.clicks} clicks</Badge>
              </Flex>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
