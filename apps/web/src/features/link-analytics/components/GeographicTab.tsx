import type { LinkAnalyticsDto } from '@app/contracts';
import { Badge, Box, Flex, Grid, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CountryFlag } from '../../../components/ui/CountryFlag';
import { TitledCard } from '../../../components/ui/TitledCard';
import { chartColor } from '../../../components/ui/chart-colors';
import { lazy, type ReactNode, Suspense } from 'react';
import { CountBars, CountryDoughnut } from './GeoCharts';
import { formatCount } from '../../../lib/numbers';

/** The map and its Natural Earth shapes load only when the Geographic tab shows. */
const WorldMap = lazy(() => import('./WorldMap'));

export const TOP_COUNTRIES = 10;
export const TOP_CITIES = 8;

function Row({ label, count }: { label: ReactNode; count: number }) {
  return (
    <Flex justify="space-between" gap="2" py="1">
      <Flex as="span" align="center" gap="2" fontSize="sm" minW="0">
        {label}
      </Flex>
      <Badge>{formatCount(count)}</Badge>
    </Flex>
  );
}

/** Doughnut of the top 10 countries, bar of the top 8 cities, and the world map beside the breakdown lists. */
export function GeographicTab({ data }: { data: LinkAnalyticsDto }) {
  const countries = [...data.clicksByCountry].sort((a, b) => b.count - a.count);
  const cities = [...data.clicksByCity].sort((a, b) => b.count - a.count);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <TitledCard title="Clicks by Country">
          {countries.length === 0 ? (
            <Text color="fg.muted">No geographic data available</Text>
          ) : (
            <CountryDoughnut data={countries.slice(0, TOP_COUNTRIES).map((c) => ({ name: c.country, count: c.count }))} />
          )}
        </TitledCard>
        <TitledCard title="Top Cities">
          {cities.length === 0 ? (
            <Text color="fg.muted">No city data available yet</Text>
          ) : (
            <CountBars data={cities.slice(0, TOP_CITIES).map((c) => ({ name: c.city, count: c.count }))} color={chartColor('green')} />
          )}
        </TitledCard>
      </SimpleGrid>
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="4" alignItems="start">
        <TitledCard title="Clicks on the Map">
          <Suspense fallback={<Text color="fg.muted">Loading map...</Text>}>
            <WorldMap data={countries} />
          </Suspense>
        </TitledCard>
        <Stack gap="4">
          <TitledCard title={`Countries (${countries.length})`}>
            {countries.length === 0 ? (
              <Text color="fg.muted">No geographic data available yet</Text>
            ) : (
              <Box data-testid="country-list">
                {countries.map((c) => (
                  <Row
                    key={c.countryCode || c.country}
                    label={
                      <>
                        <CountryFlag code={c.countryCode} />
                        <Text as="span">{c.country}</Text>
                      </>
                    }
                    count={c.count}
                  />
                ))}
              </Box>
            )}
          </TitledCard>
          <TitledCard title={`Cities (${cities.length})`}>
            {cities.length === 0 ? (
              <Text color="fg.muted">No city data available yet</Text>
            ) : (
              <Box>
                {cities.map((c) => (
                  <Row key={`${c.city}-${c.country}`} label={`${c.city}, ${c.country}`} count={c.count} />
                ))}
              </Box>
            )}
          </TitledCard>
        </Stack>
      </Grid>
    </Stack>
  );
}
