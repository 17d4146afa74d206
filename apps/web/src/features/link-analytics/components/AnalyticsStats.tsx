import type { LinkAnalyticsDto } from '@app/contracts';
import { SimpleGrid } from '@chakra-ui/react';
import { ChangeText } from '../../../components/filters/ChangeText';
import { StatCard } from '../../../components/ui/StatCard';
import { daysInclusive } from '../../../lib/dates';
import { PERIOD_OPTIONS, type Period } from '../lib/period';

/**
 * Clicks in the period (with its change against the period of the same length before; All Time has none), Active Days
 * (days since creation, inclusive), Countries, Cities.
 */
export function AnalyticsStats({ data, period }: { data: LinkAnalyticsDto | undefined; period: Period }) {
  const periodLabel = PERIOD_OPTIONS.find((o) => o.value === period)?.label;
  const clicks = data ? (data.totalClicks ?? data.clicksOverTime.reduce((s, d) => s + d.clicks, 0)) : 0;
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
      <StatCard
        label="Total Clicks"
        value={clicks}
        help={
          <>
            {periodLabel}
            <ChangeText now={data?.previous && clicks} before={data?.previous?.totalClicks} vs="vs period before" />
          </>
        }
      />
      <StatCard label="Active Days" value={data ? daysInclusive(data.link.createdAt, new Date()) : 0} help="Since creation" />
      <StatCard label="Countries" value={data?.clicksByCountry.length ?? 0} />
      <StatCard label="Cities" value={data?.clicksByCity.length ?? 0} />
    </SimpleGrid>
  );
}
