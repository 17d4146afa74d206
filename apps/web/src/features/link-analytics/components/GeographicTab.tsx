import type { LinkAnalyticsDto } from '@app/contracts';
import { Badge, Box, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { countryFlag } from '../lib/flag';
import { CountBars, CountryDoughnut } from './GeoCharts';

export const TOP_COUNTRIES = 10;
export const TOP_CITIES = 8;

function Row({ label, count }: { label: string; count: number }) {
  return (
    <Flex justify="space-between" gap="2" py="1">
      <Text fontSize="sm">{label}</Text>
      <Badge>{count}</Badge>
    </Flex>
  );
}

/** Doughnut of the top 10 countries, bar of the top 8 cities, and the breakdown lists. */
export function GeographicTab({ data }: { data: LinkAnalyticsDto }) {
  const countries = [...data.clicksByCountry].sort((a, b) => b.count - a.count);
  const cities = [...data.clicksByCity].sort((a, b) => b.count - a.count);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Heading as="h3" size="sm">Clicks by Country</Heading>
          </Card.Header>
          <Card.Body>
            {countries.length === 0 ? (
              <Text color="fg.muted">No geographic data available</Text>
            ) : (
              <CountryDoughnut data={countries.slice(0, TOP_COUNTRIES).map((c) => ({ name: c.country, count: c.count }))} />
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Heading as="h3" size="sm">Top Cities</Heading>
          </Card.Header>
          <Card.Body>
            {cities.length === 0 ? (
              <Text color="fg.muted">No city data available yet</Text>
            ) : (
              <CountBars data={cities.slice(0, TOP_CITIES).map((c) => ({ name: c.city, count: c.count }))} color="#38A169" />
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Heading as="h3" size="sm">Countries ({countries.length})</Heading>
          </Card.Header>
          <Card.Body>
            {countries.length === 0 ? (
              <Text color="fg.muted">No geographic data available yet</Text>
            ) : (
              <Box data-testid="country-list">
                {countries.map((c) => (
                  <Row key={c.countryCode || c.country} label={`${countryFlag(c.countryCode)} ${c.country}`} count={c.count} />
                ))}
              </Box>
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Heading as="h3" size="sm">Cities ({cities.length})</Heading>
          </Card.Header>
          <Card.Body>
            {cities.length === 0 ? (
              <Text color="fg.muted">No city data available yet</Text>
            ) : (
              <Box>
                {cities.map((c) => (
                  <Row key={`${c.city}-${c.country}`} label={`${c.city}, ${c.country}`} count={c.count} />
                ))}
              </Box>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}
