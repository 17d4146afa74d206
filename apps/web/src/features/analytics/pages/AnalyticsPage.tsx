import { Box, Flex, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useBreakdown } from '../../../api/get-breakdown';
import { useStats } from '../../../api/get-stats';
import { useTrends } from '../../../api/get-trends';
import { useLinkPage } from '../../../api/get-links';
import { FilterBar } from '../../../components/filters/FilterBar';
import { useAddressView } from '../../../lib/analytics-filters';
import { addDays, daysInclusive, endOfDay, parseYmd, startOfDay, toYmd } from '../../../lib/dates';
import { useGeographic } from '../api/get-geographic';
import { usePerformancePage } from '../api/get-performance';
import { BreakdownsTab } from '../components/BreakdownsTab';
import { DateRangeControl } from '../components/DateRangeControl';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { GeographicTab } from '../components/GeographicTab';
import { OverviewTab } from '../components/OverviewTab';
import { PerformanceTab } from '../components/PerformanceTab';
import { StatCards } from '../components/StatCards';
import { TrendsTab } from '../components/TrendsTab';
import { DEFAULT_RANGE_DAYS, isoParams, lastDays, ymdParams, type DateRange } from '../lib/date-range';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Recent Activity shows the 5 newest links; Top Performing Links the 5 most clicked in the range. */
const RECENT_LINKS = 5;
const TOP_LINKS = 5;
/** Rows per page of the Performance table. */
const PERFORMANCE_PAGE = 25;
const TABS = ['overview', 'trends', 'geographic', 'breakdowns', 'performance'];
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the address (`start`, `end` as local YYYY-MM-DD), else the last 30 days. */
function rangeOf(search: URLSearchParams): DateRange {
  const [start, end] = [search.get('start') ?? '', search.get('end') ?? ''];
  if (YMD.test(start) && YMD.test(end) && start <= end) return { start: startOfDay(parseYmd(start)), end: endOfDay(parseYmd(end)) };
  return lastDays(DEFAULT_RANGE_DAYS);
}

export default function AnalyticsPage() {
  useDocumentTitle('Analytics - LinkPulse', 'Detailed insights into your link performance.');
  const view = useAddressView();
  const { filters, search } = view;
  const range = useMemo(() => rangeOf(search), [search]);
  const tab = TABS.includes(search.get('tab') ?? '') ? search.get('tab')! : 'overview';
  const setRange = (r: DateRange) => view.set({ start: toYmd(r.start), end: toYmd(r.end) });
  const stats = useStats(false, filters);
  // Recent Activity: the newest links, one small page (never the whole list)
  const links = useLinkPage({ limit: RECENT_LINKS });
  const { startDate, endDate } = isoParams(range);
  const ymd = ymdParams(range);
  const days = daysInclusive(range.start, range.end);
  const before = { startDate: toYmd(addDays(range.start, -days)), endDate: toYmd(addDays(range.start, -1)) };
  const inRange = useBreakdown('device', ymd.startDate, ymd.endDate, filters);
  const inRangeBefore = useBreakdown('device', before.startDate, before.endDate, filters);
  const trends = useTrends(startDate, endDate, false, filters);
  const geo = useGeographic(range, tab === 'geographic', filters);
  // Top links and the Performance table are pages sorted on the server (docs/product.md#many-links): never every link.
  const top = usePerformancePage(range, { page: 1, limit: TOP_LINKS }, tab === 'overview', filters);
  const [performancePage, setPerformancePage] = useState(1);
  const filtersKey = JSON.stringify(filters);
  useEffect(() => setPerformancePage(1), [ymd.startDate, ymd.endDate, filtersKey]);
  const performance = usePerformancePage(range, { page: performancePage, limit: PERFORMANCE_PAGE }, tab === 'performance', filters);
  const shown = [...(top.data?.data ?? []), ...(performance.data?.data ?? []), ...(links.data?.data ?? [])];
  const linkName = (id: string) => shown.find((l) => l.id === id)?.name ?? id;

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
          <ExportMenu {...ymd} filters={filters} />
        </HStack>
      </Flex>

      <FilterBar filters={filters} onRemove={view.removeFilter} onClear={view.clearFilters} labelOf={(n, v) => (n === 'linkId' ? linkName(v) : v)} />

      <StatCards
        stats={stats.data}
        loading={stats.isPending && !stats.isError}
        range={{ label: `Clicks, ${days} days`, clicks: inRange.data?.total, before: inRangeBefore.data?.total }}
      />

      <Tabs.Root value={tab} onValueChange={(e) => view.set({ tab: e.value === 'overview' ? null : e.value })} variant="line" lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="trends">Trends</Tabs.Trigger>
          <Tabs.Trigger value="geographic">Geographic</Tabs.Trigger>
          <Tabs.Trigger value="breakdowns">Breakdowns</Tabs.Trigger>
          <Tabs.Trigger value="performance">Performance</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          <OverviewTab
            trends={trends.data}
            trendsLoading={trends.isPending && !trends.isError}
            top={top.data?.data}
            topLoading={top.isPending && !top.isError}
            links={links.data?.data}
            linksLoading={links.isPending && !links.isError}
          />
        </Tabs.Content>
        <Tabs.Content value="trends">
          <TrendsTab trends={trends.data} loading={trends.isPending && !trends.isError} />
        </Tabs.Content>
        <Tabs.Content value="geographic">
          <GeographicTab geo={geo.data} loading={geo.isPending && !geo.isError} onSelect={view.addFilter} filters={filters} />
        </Tabs.Content>
        <Tabs.Content value="breakdowns">
          <BreakdownsTab startDate={ymd.startDate} endDate={ymd.endDate} filters={filters} onSelect={view.addFilter} />
        </Tabs.Content>
        <Tabs.Content value="performance">
          <PerformanceTab page={performance.data} loading={performance.isPending && !performance.isError} onPage={setPerformancePage} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
