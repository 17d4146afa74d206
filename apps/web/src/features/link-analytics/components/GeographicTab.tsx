import type { ClickFilterName, ClickFilters, LinkAnalyticsDto } from '@app/contracts';
import { Badge, Box, Flex, Grid, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CountryFlag } from '../../../components/ui/CountryFlag';
import { TitledCard } from '../../../components/ui/TitledCard';
import { chartColor } from '../../../components/ui/chart-colors';
import { lazy, type ReactNode, Suspense } from 'react';
import { CountBars, CountryDoughnut } from './GeoCharts';
import { topAndOther } from '../lib/labels';
import { formatCount } from '../../../lib/numbers';

/** The map and its Natural Earth shapes load only when the Geographic tab shows. */
const WorldMap = lazy(() => import('./WorldMap'));

export const TOP_COUNTRIES = 10;
export const TOP_CITIES = 8;

type Select = (name: ClickFilterName, value: string) => void;

/** A line of a list; with `onSelect`, its label is a button that filters by it (named `selectLabel`). */
function Row({ label, count, onSelect, selectLabel }: { label: ReactNode; count: number; onSelect?: () => void; selectLabel?: string }) {
  return (
    <Flex justify="space-between" gap="2" py="1">
      <Flex
        as={onSelect ? 'button' : 'span'}
        align="center"
        gap="2"
        fontSize="sm"
        minW="0"
        textAlign="start"
        {...(onSelect ? { onClick: onSelect, 'aria-label': selectLabel, cursor: 'pointer', _hover: { textDecoration: 'underline' } } : {})}
      >
        {label}
      </Flex>
      <Badge>{formatCount(count)}</Badge>
    </Flex>
  );
}

interface GeographicTabProps {
  data: LinkAnalyticsDto;
  filters?: ClickFilters;
  /** Clicking a country or city adds it to the filters. */
  onSelect?: Select;
}

/**
 * Doughnut of the top 10 countries and "Other", bar of the top 8 cities, and the world map beside the breakdown lists,
 * whose countries and cities filter the page.
 */
export function GeographicTab({ data, filters = {}, onSelect }: GeographicTabProps) {
  const select = (name: ClickFilterName, value: string) =>
    onSelect && value && filters[name] === undefined ? () => onSelect(name, value) : undefined;
  const countries = [...data.clicksByCountry].sort((a, b) => b.count - a.count);
  const cities = [...data.clicksByCity].sort((a, b) => b.count - a.count);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <TitledCard title="Clicks by Country">
          {countries.length === 0 ? (
            <Text color="fg.muted">No geographic data available</Text>
          ) : (
            <CountryDoughnut
              data={topAndOther(
                countries.map((c) => ({ name: c.country, count: c.count })),
                TOP_COUNTRIES,
              )}
            />
          )}
        </TitledCard>
        <TitledCard title="Top Cities">
          {cities.length === 0 ? (
            <Text color="fg.muted">No city data available yet</Text>
          ) : (
            <CountBars data={cities.slice(0, TOP_CITIES).map((c) => ({ name: c.city, count: c.count }))} color={chartColor('green')} horizontal />
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
                    onSelect={select('country', c.countryCode)}
                    selectLabel={`Filter by ${c.country}`}
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
                  <Row
                    key={`${c.city}-${c.country}`}
                    label={`${c.city}, ${c.country}`}
                    count={c.count}
                    onSelect={select('city', c.city)}
                    selectLabel={`Filter by ${c.city}, ${c.country}`}
                  />
                ))}
              </Box>
            )}
          </TitledCard>
        </Stack>
      </Grid>
    </Stack>
  );
}
