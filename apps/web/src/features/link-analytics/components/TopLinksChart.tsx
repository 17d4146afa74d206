import { Card, Heading, Text } from '@chakra-ui/react';
import { useLinks } from '../../links/api/get-links';
import { CountBars } from './GeoCharts';

export const TOP_LINKS_CHART = 5;

/** Top 5 links by clickCount; names cut at 15 characters plus '...' on the axis. */
export function TopLinksChart() {
  const { data } = useLinks();
  const top = [...(data ?? [])].sort((a, b) => b.clickCount - a.clickCount).slice(0, TOP_LINKS_CHART);
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h3" size="sm">Top Links</Heading>
      </Card.Header>
      <Card.Body>
        {top.length === 0 ? <Text color="fg.muted">No links created yet</Text> : <CountBars data={top.map((l) => ({ name: l.name, count: l.clickCount }))} height={220} />}
      </Card.Body>
    </Card.Root>
  );
}
