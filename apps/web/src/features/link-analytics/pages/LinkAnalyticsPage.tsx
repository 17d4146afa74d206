import { Box, Card, Flex, HStack, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { FilterBar } from '../../../components/filters/FilterBar';
import { ShareStatsButton } from '../../../components/stats-share/ShareStatsButton';
import { useAddressView } from '../../../lib/analytics-filters';
import { toYmd } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLiveUpdates } from '../../../lib/use-live-updates';
import { usePageVisibility } from '../../../lib/use-page-visibility';
import { useLinkAnalytics } from '../api/get-link-analytics';
import { AnalyticsStats } from '../components/AnalyticsStats';
import { Breakdowns } from '../components/Breakdowns';
import { ClickDetailsTab } from '../components/ClickDetailsTab';
import { ClicksOverTimeCard } from '../components/ClicksOverTimeCard';
import { ControlStats } from '../components/ControlStats';
import { ExportClicksMenu } from '../components/ExportClicksMenu';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { GeographicTab } from '../components/GeographicTab';
import { LinkHeader } from '../components/LinkHeader';
import { PeriodFilter } from '../components/PeriodFilter';
import { TimelineTab } from '../components/TimelineTab';
import { TopLinksChart } from '../components/TopLinksChart';
import { VariantSplit } from '../components/VariantSplit';
import { DEFAULT_PERIOD, linkRangeOf, periodFromSearch } from '../lib/period';

const TABS = ['geographic', 'timeline', 'details'];

export default function LinkAnalyticsPage() {
  const { id = '' } = useParams();
  // The address carries the period, the tab and the filters (docs/product.md#analytics-filters).
  const view = useAddressView();
  const { period, custom } = useMemo(() => periodFromSearch(view.search), [view.search]);
  const range = useMemo(() => linkRangeOf(period, new Date(), custom), [period, custom]);
  const tab = TABS.includes(view.search.get('tab') ?? '') ? view.search.get('tab')! : 'geographic';
  const { data, isLoading, isError } = useLinkAnalytics(id, period, range, view.filters);
  const days = range === null ? null : range === 'all' ? 'all' : { startDate: toYmd(range.start), endDate: toYmd(range.end) };
  const [startDate, endDate] = days && days !== 'all' ? [days.startDate, days.endDate] : [undefined, undefined];
  useLiveUpdates(usePageVisibility());
  useDocumentTitle(data ? `${data.link.name} - Link Analytics - LinkPulse` : 'Link Analytics - LinkPulse');

  return (
    <Stack gap="5">
      <Box>
        <Link asChild color="blue.fg" fontSize="sm">
          <RouterLink to="/links">← Back to Links</RouterLink>
        </Link>
      </Box>
      {data && <LinkHeader link={data.link} />}
      <Flex gap="3" wrap="wrap" align="end" justify="space-between">
        <PeriodFilter
          period={period}
          custom={custom}
          onChange={(p, c) =>
            view.set({
              period: p === DEFAULT_PERIOD ? null : p,
              start: p === 'custom' && c.start ? toYmd(c.start) : null,
              end: p === 'custom' && c.end ? toYmd(c.end) : null,
            })
          }
        />
        <HStack gap="2" wrap="wrap">
          <ExportMenu startDate={startDate} endDate={endDate} />
          <ExportClicksMenu linkId={id} range={days} filters={view.filters} />
          <ShareStatsButton subject={{ linkId: id }} />
        </HStack>
      </Flex>
      <FilterBar filters={view.filters} onRemove={view.removeFilter} onClear={view.clearFilters} />
      {isLoading && <Text color="fg.muted">Loading analytics...</Text>}
      {isError && !data && (
        <Card.Root>
          <Card.Body>
            <Text color="fg.muted">No analytics available for this link.</Text>
          </Card.Body>
        </Card.Root>
      )}
      {data && <ClicksOverTimeCard data={data} />}
      <AnalyticsStats data={data} period={data?.period ?? period} />
      <ControlStats data={data} />
      {data && <VariantSplit split={data.variantSplit} />}
      {data && (
        <Tabs.Root value={tab} onValueChange={(e) => view.set({ tab: e.value === 'geographic' ? null : e.value })} variant="enclosed" lazyMount>
          <Tabs.List flexWrap="wrap">
            <Tabs.Trigger value="geographic">Geographic</Tabs.Trigger>
            <Tabs.Trigger value="timeline">Timeline</Tabs.Trigger>
            <Tabs.Trigger value="details">Click Details</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="geographic">
            <GeographicTab data={data} filters={view.filters} onSelect={view.addFilter} />
          </Tabs.Content>
          <Tabs.Content value="timeline">
            <TimelineTab data={data} />
          </Tabs.Content>
          <Tabs.Content value="details">
            <ClickDetailsTab data={data} />
          </Tabs.Content>
        </Tabs.Root>
      )}
      {data && <Breakdowns data={data} filters={view.filters} onSelect={view.addFilter} />}
      <TopLinksChart />
    </Stack>
  );
}
