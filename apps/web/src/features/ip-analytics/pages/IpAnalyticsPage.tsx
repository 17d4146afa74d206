import { Badge, Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatDateTime, usePageVisibility } from '../../../lib';
import { useIpSummary } from '../api/get-ip-summary';
import { DailyNewIpsChart } from '../components/DailyNewIpsChart';
import { TopList } from '../components/TopList';
import { topByIps } from '../lib/ip-summary';
import { useDocumentTitle } from '../../../lib/use-document-title';

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text fontSize="sm" color="fg.muted">{label}</Text>
        {value === undefined ? <Skeleton h="8" w="12" mt="1" /> : <Text fontSize="2xl" fontWeight="bold">{value.toLocaleString()}</Text>}
      </Card.Body>
    </Card.Root>
  );
}

export default function IpAnalyticsPage() {
  useDocumentTitle('IP Analytics - LinkPulse');
  const visible = usePageVisibility();
  const summary = useIpSummary(visible);
  const s = summary.data;
  const countries = topByIps(s?.ipsByCountry ?? []).map((c) => ({ key: c.country, label: c.country || 'Unknown', ipCount: c.ipCount, clickCount: c.clickCount }));
  const cities = topByIps(s?.ipsByCity ?? []).map((c) => ({ key: `${c.city}|${c.country}`, label: `${c.city || 'Unknown'}, ${c.country || 'Unknown'}`, ipCount: c.ipCount, clickCount: c.clickCount }));

  return (
    <Stack gap="6">
      <Flex justify="space-between" gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
        <Box>
          <Heading as="h1" size="2xl">IP Analytics</Heading>
          <Text color="fg.muted">Unique visitors by IP address across all users</Text>
        </Box>
        <HStack gap="2">
          <Badge colorPalette={visible ? 'green' : 'gray'} variant="subtle" aria-live="polite">{visible ? 'Live' : 'Paused'}</Badge>
          <Button size="sm" variant="outline" onClick={() => void summary.refetch()} loading={summary.isFetching && !summary.isPending}>Refresh</Button>
        </HStack>
      </Flex>

      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
        <StatCard label="Total Unique IPs" value={s?.totalUniqueIPs} />
        <StatCard label="Countries" value={s?.ipsByCountry.length} />
        <StatCard label="Cities" value={s?.ipsByCity.length} />
        <StatCard label="Recent Activity" value={s?.recentIPs.length} />
      </SimpleGrid>

      {summary.isError && <Text color="red.fg">Failed to load IP analytics.</Text>}

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <TopList title="Top Countries by Unique IPs" rows={countries} empty="No country data yet" />
        <TopList title="Top Cities by Unique IPs" rows={cities} empty="No city data yet" />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Card.Title>Recent IP Activity</Card.Title>
            <Card.Description>Last 7 days</Card.Description>
          </Card.Header>
          <Card.Body>
            {(s?.recentIPs ?? []).length === 0 ? (
              <Text color="fg.muted" textAlign="center" py="4">No IP activity in the last 7 days</Text>
            ) : (
              <Stack as="ul" gap="2" m="0" p="0" listStyleType="none" maxH="24rem" overflowY="auto" tabIndex={0} aria-label="Recent IP activity">
                {s?.recentIPs.map((ip) => (
                  <Flex as="li" key={ip.ipAddress} justify="space-between" gap="2" borderBottomWidth="1px" pb="2" wrap="wrap">
                    <Box minW="0">
                      <Text fontFamily="mono" fontSize="sm">{ip.ipAddress}</Text>
                      <Text fontSize="xs" color="fg.muted">{[ip.city, ip.country].filter(Boolean).join(', ') || 'Location unknown'}</Text>
                    </Box>
                    <Box textAlign="end">
                      <Badge colorPalette="blue">{`${ip.totalClicks} clicks`}</Badge>
                      <Text fontSize="xs" color="fg.muted">{formatDateTime(ip.lastSeen)}</Text>
                    </Box>
                  </Flex>
                ))}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
        <DailyNewIpsChart days={s?.dailyNewIPs ?? []} />
      </SimpleGrid>
    </Stack>
  );
}
