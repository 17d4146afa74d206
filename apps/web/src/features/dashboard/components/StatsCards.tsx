import { SimpleGrid } from '@chakra-ui/react';
import { StatCard } from '../../../components/ui/StatCard';
import { useStats } from '../../../api/get-stats';
import { formatCount } from '../../../lib/numbers';

export function StatsCards({ pollMs }: { pollMs: number | false }) {
  const { data } = useStats(pollMs);
  const show = (n: number | undefined) => formatCount(n ?? 0);
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
      <StatCard label="Today" value={show(data?.clicksToday)} />
      <StatCard label="This Week" value={show(data?.clicksThisWeek)} />
      <StatCard label="Total Clicks" value={show(data?.totalClicks)} />
      <StatCard label="Total Links" value={show(data?.totalLinks)} />
    </SimpleGrid>
  );
}
