import { Badge, Button, Flex, Grid, Stack } from '@chakra-ui/react';
import { FilterBar } from '../../../components/filters/FilterBar';
import { PageHeader } from '../../../components/ui/PageHeader';
import { hasFilters, useAddressView } from '../../../lib/analytics-filters';
import { useLiveUpdates } from '../../../lib/use-live-updates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTopLinks } from '../../../api/get-links';
import { useFilteredTopLinks } from '../api/get-filtered-top-links';
import { ClickTrendsCard } from '../components/ClickTrendsCard';
import { DailySummaryCard } from '../components/DailySummaryCard';
import { DashboardBreakdowns } from '../components/DashboardBreakdowns';
import { FirstRunCard } from '../components/FirstRunCard';
import { StatsCards } from '../components/StatsCards';
import { TOP_LINKS, TopLinksCard } from '../components/TopLinksCard';
import { useLiveMode } from '../hooks/use-live-mode';

export default function DashboardPage() {
  useDocumentTitle('Dashboard - LinkPulse', 'Overview of your short links, clicks and trends.');
  const { live, paused, toggle, pollMs } = useLiveMode();
  useLiveUpdates(live);
  // The filter bar (docs/product.md#analytics-filters): the address carries the filters, every card follows them.
  const { filters, addFilter, removeFilter, clearFilters } = useAddressView();
  const filtered = hasFilters(filters);
  // The top links only (a sorted page of 3), refreshed while Live: never the whole list (docs/product.md#dashboard).
  const links = useTopLinks(TOP_LINKS, pollMs);
  const filteredLinks = useFilteredTopLinks(TOP_LINKS, filters, filtered, pollMs);
  const top = filtered ? filteredLinks : links;
  return (
    <Stack gap="6">
      <PageHeader title="Dashboard" subtitle="Overview of your URL shortening activity">
        <Flex align="center" gap="2">
          <Badge colorPalette={live ? 'green' : 'gray'} variant="subtle" data-testid="live-badge">
            {live ? 'Live' : 'Paused'}
          </Badge>
          <Button size="sm" variant="outline" onClick={toggle}>
            {paused ? 'Resume' : 'Pause'}
          </Button>
        </Flex>
      </PageHeader>
      <FirstRunCard pollMs={pollMs} />
      <FilterBar filters={filters} onRemove={removeFilter} onClear={clearFilters} />
      <StatsCards pollMs={pollMs} filters={filters} />
      <Grid templateColumns={{ base: '1fr', xl: '1fr 2fr' }} gap="6">
        <TopLinksCard links={top.data?.data} isLoading={top.isLoading} />
        <ClickTrendsCard pollMs={false} filters={filters} />
      </Grid>
      <DashboardBreakdowns filters={filters} onSelect={addFilter} />
      <DailySummaryCard filters={filters} />
    </Stack>
  );
}
