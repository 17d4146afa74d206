import type { ClickFilters } from '@app/contracts';
import { SimpleGrid } from '@chakra-ui/react';
import { ChangeText } from '../../../components/filters/ChangeText';
import { StatCard } from '../../../components/ui/StatCard';
import { useStats } from '../../../api/get-stats';
import { formatCount } from '../../../lib/numbers';

/** Today and This Week with their change against yesterday and last week; all of the clicks matching the filters. */
export function StatsCards({ pollMs, filters }: { pollMs: number | false; filters: ClickFilters }) {
  const { data } = useStats(pollMs, filters);
  const show = (n: number | undefined) => formatCount(n ?? 0);
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
      <StatCard
        label="Today"
        value={show(data?.clicksToday)}
        help={<ChangeText now={data?.clicksToday} before={data?.previous?.clicksToday} vs="vs yesterday" />}
      />
      <StatCard
        label="This Week"
        value={show(data?.clicksThisWeek)}
        help={<ChangeText now={data?.clicksThisWeek} before={data?.previous?.clicksThisWeek} vs="vs last week" />}
      />
      <StatCard label="Total Clicks" value={show(data?.totalClicks)} />
      <StatCard label="Total Links" value={show(data?.totalLinks)} />
    </SimpleGrid>
  );
}
