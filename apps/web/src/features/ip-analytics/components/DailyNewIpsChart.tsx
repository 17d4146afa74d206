import type { IpSummaryDto } from '@app/contracts';
import { Box, Card, Flex, Text } from '@chakra-ui/react';
import { formatDate, formatShortDate } from '../../../lib';
import { scaledBars } from '../lib/ip-summary';

/** Daily new IPs of the last 30 days as bars scaled to the maximum day. */
export function DailyNewIpsChart({ days }: { days: IpSummaryDto['dailyNewIPs'] }) {
  const bars = scaledBars(days);
  const total = days.reduce((s, d) => s + d.newIPs, 0);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Daily New IPs (Last 30 Days)</Card.Title>
        <Card.Description>{`${total} new IP addresses`}</Card.Description>
      </Card.Header>
      <Card.Body>
        {bars.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="4">
            No new IPs in the last 30 days
          </Text>
        ) : (
          <Box>
            <Flex h="40" align="flex-end" gap="1" role="img" aria-label={`Daily new IPs, ${total} in total`}>
              {bars.map((b) => (
                <Box key={b.date} flex="1" h="full" display="flex" alignItems="flex-end" title={`${formatDate(b.date)}: ${b.newIPs} new IPs`}>
                  <Box w="full" bg="blue.solid" borderTopRadius="sm" minH={b.newIPs > 0 ? '2px' : 0} style={{ height: `${b.percent}%` }} />
                </Box>
              ))}
            </Flex>
            <Flex justify="space-between" fontSize="xs" color="fg.muted" mt="1">
              <Text>{formatShortDate(bars[0].date)}</Text>
              <Text>{formatShortDate(bars[bars.length - 1].date)}</Text>
            </Flex>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
