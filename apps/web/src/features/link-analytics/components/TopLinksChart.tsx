import { Text } from '@chakra-ui/react';
import { TitledCard } from '../../../components/ui/TitledCard';
import { useTopLinks } from '../../../api/get-links';
import { CountBars } from './GeoCharts';

export const TOP_LINKS_CHART = 5;

/** Top 5 links by clickCount; names cut at 15 characters plus '...' on the axis. */
export function TopLinksChart() {
  const { data } = useTopLinks(TOP_LINKS_CHART);
  const top = data?.data ?? [];
  return (
    <TitledCard title="Top Links">
      {top.length === 0 ? (
        <Text color="fg.muted">No links created yet</Text>
      ) : (
        <CountBars data={top.map((l) => ({ name: l.name, count: l.clickCount }))} height={220} />
      )}
    </TitledCard>
  );
}
