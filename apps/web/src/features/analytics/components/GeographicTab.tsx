import type { GeographicDto } from '@app/contracts';
import { Box, Card, Flex, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';

interface Row {
  key: string;
  label: string;
  sub?: string;
  clicks: number;
}

function Breakdown({ title, rows, loading, empty }: { title: string; rows: Row[]; loading: boolean; empty: string }) {
  const max = Math.max(1, ...rows.map((r) => r.clicks));
  return (
    <Card.Root>
      <Card.Header><Card.Title>{title}</Card.Title></Card.Header>
      <Card.Body>
        {loading ? (
          <Stack gap="3" data-testid="geo-skeleton">{[0, 1, 2, 3, 4].map((i) => <Skeleton key={i} h="6" />)}</Stack>
        ) : rows.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="4">{empty}</Text>
        ) : (
          <Stack as="ul" gap="3" m="0" p="0" listStyleType="none" maxH="24rem" overflowY="auto" tabIndex={0} aria-label={title}>
            {rows.map((r) => (
              <Box as="li" key={r.key}>
                <Flex justify="space-between" gap="2" fontSize="sm">
                  <Text truncate>{r.label}{r.sub && <Text as="span" color="fg.muted">{`, ${r.sub}`}</Text>}</Text>
                  <Text fontWeight="semibold" flexShrink={0}>{r.clicks.toLocaleString()}</Text>
                </Flex>
                <Box h="1.5" bg="bg.muted" borderRadius="full" mt="1">
                  <Box h="full" bg="blue.solid" borderRadius="full" width={`${(r.clicks / max) * 100}%`} />
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Geographic: countries, cities and regions of the clicks in range; skeletons while loading. */
export function GeographicTab({ geo, loading }: { geo: GeographicDto | undefined; loading: boolean }) {
  const countries = (geo?.countries ?? []).map((c) => ({ key: c.countryCode || c.country, label: c.country || 'Unknown', clicks: c.clicks }));
  const cities = (geo?.cities ?? []).map((c) => ({ key: `${c.city}|${c.country}`, label: c.city || 'Unknown', sub: c.country, clicks: c.clicks }));
  const regions = (geo?.regions ?? []).map((r) => ({ key: `${r.region}|${r.country}`, label: r.region || 'Unknown', sub: r.country, clicks: r.clicks }));
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
      <Breakdown title="Top Countries" rows={countries} loading={loading} empty="No geographic data available" />
      <Breakdown title="Top Cities" rows={cities} loading={loading} empty="No city data available yet" />
      <Breakdown title="Top Regions" rows={regions} loading={loading} empty="No region data available yet" />
    </SimpleGrid>
  );
}
