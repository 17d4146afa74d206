import { Box, Flex, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useStats } from '../../../api/get-stats';
import { useTrends } from '../../../api/get-trends';
import { useLinks } from '../../../api/get-links';
import { useGeographic } from '../api/get-geographic';
import { usePerformance } from '../api/get-performance';
import { DateRangeControl } from '../components/DateRangeControl';
import { ExportMenu } from '../components/ExportMenu';
import { GeographicTab } from '../components/GeographicTab';
import { OverviewTab } from '../components/OverviewTab';
import { PerformanceTab } from '../components/PerformanceTab';
import { StatCards } from '../components/StatCards';
import { TrendsTab } from '../components/TrendsTab';
import { DEFAULT_RANGE_DAYS, isoParams, lastDays } from '../lib/date-range';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AnalyticsPage() {
  useDocumentTitle('Analytics - LinkPulse', 'Detailed insights into your link performance.');
  const [range, setRange] = useState(() => lastDays(DEFAULT_RANGE_DAYS));
  const [tab, setTab] = useState('overview');
  const stats = useStats();
  const links = useLinks();
  const { startDate, endDate } = isoParams(range);
  const trends = useTrends(startDate, endDate);
  const geo = useGeographic(range, tab === 'geographic');
  const performance = usePerformance(range, tab === 'performance');

  return (
    <Stack gap="6">
      <Flex justify="space-between" gap="4" direction={{ base: 'column', xl: 'row' }} align={{ base: 'stretch', xl: 'flex-start' }}>
        <Box>
          <Heading as="h1" size="2xl">
            Analytics
          </Heading>
          <Text color="fg.muted">Detailed insights into your link performance</Text>
        </Box>
        <HStack gap="2" wrap="wrap" align="center">
          <DateRangeControl value={range} onChange={setRange} />
          <ExportMenu range={range} />
        </HStack>
      </Flex>

      <StatCards stats={stats.data} loading={stats.isPending && !stats.isError} />

      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="trends">Trends</Tabs.Trigger>
          <Tabs.Trigger value="geographic">Geographic</Tabs.Trigger>
          <Tabs.Trigger value="performance">Performance</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          <OverviewTab
            trends={trends.data}
            trendsLoading={trends.isPending && !trends.isError}
            links={links.data}
            linksLoading={links.isPending && !links.isError}
          />
        </Tabs.Content>
        <Tabs.Content value="trends">
          <TrendsTab trends={trends.data} loading={trends.isPending && !trends.isError} />
        </Tabs.Content>
        <Tabs.Content value="geographic">
          <GeographicTab geo={geo.data} loading={geo.isPending && !geo.isError} />
        </Tabs.Content>
        <Tabs.Content value="performance">
          <PerformanceTab links={performance.data} loading={performance.isPending && !performance.isError} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
