import { Badge, Box, Button, Card, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CountCard } from '../../../components/ui/CountCard';
import { ListBody } from '../../../components/ui/ListBody';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatDateTime, usePageVisibility } from '../../../lib';
import { countOf } from '../../../lib/numbers';
import { useIpSummary } from '../api/get-ip-summary';
import { DailyNewIpsChart } from '../components/DailyNewIpsChart';
import { TopList } from '../components/TopList';
import { topByIps } from '../lib/ip-summary';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function IpAnalyticsPage() {
  useDocumentTitle('IP Analytics - LinkPulse');
  const visible = usePageVisibility();
  const summary = useIpSummary(visible);
  const s = summary.data;
  const countries = topByIps(s?.ipsByCountry ?? []).map((c) => ({
    key: c.country,
    label: c.country || 'Unknown',
    ipCount: c.ipCount,
    clickCount: c.clickCount,
  }));
  const cities = topByIps(s?.ipsByCity ?? []).map((c) => ({
    key: `${c.city}|${c.country}`,
    label: `${c.city || 'Unknown'}, ${c.country || 'Unknown'}`,
    ipCount: c.ipCount,
    clickCount: c.clickCount,
  }));

  return (
    <Stack gap="6">
      <PageHeader layout="stack" title="IP Analytics" subtitle="Unique visitors by IP address across all users">
        <HStack gap="2">
          <Badge colorPalette={visible ? 'green' : 'gray'} variant="subtle" aria-live="polite">
            {visible ? 'Live' : 'Paused'}
          </Badge>
          <Button size="sm" variant="outline" onClick={() => void summary.refetch()} loading={summary.isFetching && !summary.isPending}>
            Refresh
          </Button>
        </HStack>
      </PageHeader>

      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
        <CountCard label="Total Unique IPs" value={s?.totalUniqueIPs} />
        <CountCard label="Countries" value={s?.totalCountries} />
        <CountCard label="Cities" value={s?.totalCities} />
        <CountCard label="Recent Activity" value={s?.totalRecentIPs} />
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
            <ListBody count={s?.recentIPs.length ?? 0} empty="No IP activity in the last 7 days">
              <Stack as="ul" gap="2" m="0" p="0" listStyleType="none" maxH="24rem" overflowY="auto" tabIndex={0} aria-label="Recent IP activity">
                {s?.recentIPs.map((ip) => (
                  <Flex as="li" key={ip.ipAddress} justify="space-between" gap="2" borderBottomWidth="1px" pb="2" wrap="wrap">
                    <Box minW="0">
                      <Text fontFamily="mono" fontSize="sm">
                        {ip.ipAddress}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {[ip.city, ip.country].filter(Boolean).join(', ') || 'Location unknown'}
                      </Text>
                    </Box>
                    <Box textAlign="end">
                      <Badge colorPalette="blue">{countOf(ip.totalClicks, 'click')}</Badge>
                      <Text fontSize="xs" color="fg.muted">
                        {formatDateTime(ip.lastSeen)}
                      </Text>
                    </Box>
                  </Flex>
                ))}
              </Stack>
            </ListBody>
          </Card.Body>
        </Card.Root>
        <DailyNewIpsChart days={s?.dailyNewIPs ?? []} />
      </SimpleGrid>
    </Stack>
  );
}
