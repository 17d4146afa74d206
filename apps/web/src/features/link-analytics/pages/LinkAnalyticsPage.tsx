import { Box, Card, Flex, HStack, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { FilterBar } from '../../../components/filters/FilterBar';
import { useAddressView } from '../../../lib/analytics-filters';
import { toYmd } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLiveUpdates } from '../../../lib/use-live-updates';
import { usePageVisibility } from '../../../lib/use-page-visibility';
import { useLinkAnalytics } from '../api/get-link-analytics';
import { AnalyticsStats } from '../components/AnalyticsStats';
import { Breakdowns } from '../components/Breakdowns';
import { ClickDetailsTab } from '../components/ClickDetailsTab';
import { ControlStats } from '../components/ControlStats';
import { ExportClicksMenu } from '../components/ExportClicksMenu';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { GeographicTab } from '../components/GeographicTab';
import { LinkHeader } from '../components/LinkHeader';
import { PeriodFilter } from '../components/PeriodFilter';
import { TimelineTab } from '../components/TimelineTab';
import { TopLinksChart } from '../components/TopLinksChart';
import { VariantSplit } from '../components/VariantSplit';
import { DEFAULT_PERIOD, periodRange, type CustomDates, type Period } from '../lib/period';

export default function LinkAnalyticsPage() {
  const { id = '' } = useParams();
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const [custom, setCustom] = useState<CustomDates>({ start: null, end: null });
  const range = useMemo(() => periodRange(period, new Date(), custom), [period, custom]);
  const view = useAddressView();
  const { data, isLoading, isError } = useLinkAnalytics(id, range, view.filters);
  const [startDate, endDate] = range ? [toYmd(range.start), toYmd(range.end)] : [undefined, undefined];
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
          onChange={(p, c) => {
            setPeriod(p);
            setCustom(c);
          }}
        />
        <HStack gap="2">
          <ExportMenu startDate={startDate} endDate={endDate} />
          <ExportClicksMenu linkId={id} startDate={startDate} endDate={endDate} filters={view.filters} />
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
      <AnalyticsStats data={data} period={period} />
      <ControlStats data={data} />
      {data && <VariantSplit split={data.variantSplit} />}
      {data && (
        <Tabs.Root defaultValue="geographic" variant="enclosed" lazyMount>
          <Tabs.List flexWrap="wrap">
            <Tabs.Trigger value="geographic">Geographic</Tabs.Trigger>
            <Tabs.Trigger value="timeline">Timeline</Tabs.Trigger>
            <Tabs.Trigger value="details">Click Details</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="geographic">
            <GeographicTab data={data} />
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
