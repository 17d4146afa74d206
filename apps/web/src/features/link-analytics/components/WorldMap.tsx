import { Box, Flex, Text } from '@chakra-ui/react';
import { ComposableMap, Geographies, Geography } from 'react-simple-maps/core';
import topology from 'world-atlas/countries-110m.json' with { type: 'json' };
import { CHART_SURFACE } from '../../../components/ui/chart-colors';
import { clicksByNumericId, NO_CLICKS_FILL, shade, type CountryClicks } from '../lib/country-shading';

const WIDTH = 800;
const HEIGHT = 360;
/** Antarctica (ISO 010) gets no clicks; leaving it out gives the inhabited world the space. */
const ANTARCTICA = '010';
const withoutAntarctica = <T extends { id?: string | number }>(features: T[]) => features.filter((f) => String(f.id) !== ANTARCTICA);

/**
 * Clicks by country on an SVG world map (react-simple-maps + world-atlas' Natural Earth 1:110m shapes): darker = more
 * (brighter on the dark theme).
 * Loaded lazily with the analytics page only.
 */
export default function WorldMap({ data }: { data: CountryClicks[] }) {
  const byId = clicksByNumericId(data);
  const max = Math.max(0, ...[...byId.values()].map((c) => c.count));
  const summary = [...byId.values()]
    .sort((a, b) => b.count - a.count)
    .map((c) => `${c.name} ${c.count}`)
    .join(', ');
  return (
    <Box data-testid="world-map">
      <Box role="img" aria-label={summary ? `World map of clicks by country: ${summary}` : 'World map: no clicks with a known country yet'}>
        <ComposableMap
          width={WIDTH}
          height={HEIGHT}
          projection="geoEqualEarth"
          projectionConfig={{ scale: 150, center: [0, 7] }}
          style={{ width: '100%', height: 'auto' }}
          aria-hidden="true"
          focusable="false"
        >
          <Geographies geography={topology as unknown as Parameters<typeof Geographies>[0]['geography']} parseGeographies={withoutAntarctica}>
            {({ geographies }) =>
              geographies.map((geo) => {
                const id = geo.id === undefined ? '' : String(geo.id);
                const hit = byId.get(id);
                const name = (geo.properties as { name?: string } | null)?.name ?? '';
                return (
                  <Geography
                    key={geo.rsmKey}
                    geography={geo}
                    tabIndex={-1}
                    fill={hit ? shade(hit.count, max) : NO_CLICKS_FILL}
                    stroke={CHART_SURFACE.panel}
                    strokeWidth={0.5}
                    data-country={hit?.code}
                    data-clicks={hit?.count}
                  >
                    <title>{hit ? `${hit.name}: ${hit.count} ${hit.count === 1 ? 'click' : 'clicks'}` : name}</title>
                  </Geography>
                );
              })
            }
          </Geographies>
        </ComposableMap>
      </Box>
      <Flex align="center" gap="2" fontSize="xs" color="fg.muted" mt="2" aria-hidden="true">
        <Text>Fewer</Text>
        <Box
          h="2"
          flex="1"
          maxW="10rem"
          borderRadius="full"
          bgGradient="to-r"
          gradientFrom={CHART_SURFACE.mapFewer}
          gradientTo={CHART_SURFACE.mapMore}
        />
        <Text>More{max > 0 ? ` (${max})` : ''}</Text>
      </Flex>
    </Box>
  );
}
