import { Badge, Button, Flex, Grid, Stack } from '@chakra-ui/react';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useLiveUpdates } from '../../../lib/use-live-updates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTopLinks } from '../../../api/get-links';
import { ClickTrendsCard } from '../components/ClickTrendsCard';
import { DailySummaryCard } from '../components/DailySummaryCard';
import { FirstRunCard } from '../components/FirstRunCard';
import { StatsCards } from '../components/StatsCards';
import { TOP_LINKS, TopLinksCard } from '../components/TopLinksCard';
import { useLiveMode } from '../hooks/use-live-mode';

export default function DashboardPage() {
  useDocumentTitle('Dashboard - LinkPulse', 'Overview of your short links, clicks and trends.');
  const { live, paused, toggle, pollMs } = useLiveMode();
  useLiveUpdates(live);
  // The top links only (a sorted page of 3), refreshed while Live: never the whole list (docs/product.md#dashboard).
  const links = useTopLinks(TOP_LINKS, pollMs);
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
      <StatsCards pollMs={pollMs} />
      <Grid templateColumns={{ base: '1fr', xl: '1fr 2fr' }} gap="6">
        <TopLinksCard links={links.data?.data} isLoading={links.isLoading} />
        <ClickTrendsCard pollMs={false} />
      </Grid>
      <DailySummaryCard />
    </Stack>
  );
}
