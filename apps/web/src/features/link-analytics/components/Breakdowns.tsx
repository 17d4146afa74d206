import { FILTER_DEVICES, type ClickFilterName, type ClickFilters, type CountValue, type LinkAnalyticsDto } from '@app/contracts';
import { Badge, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatCount } from '../../../lib/numbers';

type Select = (name: ClickFilterName, value: string) => void;

/** The filter value of a listed name (the api names unknown `Unknown`, no referrer `Direct`), or null when none fits. */
function valueOf(filter: ClickFilterName, name: string): string | null {
  if (filter === 'referrer' && name === 'Direct') return 'direct';
  if (name === 'Unknown' || name === '') return null;
  if (filter === 'device' && !(FILTER_DEVICES as readonly string[]).includes(name)) return null;
  return name;
}

interface BreakdownProps {
  title: string;
  items: CountValue[] | undefined;
  filter: ClickFilterName;
  filters: ClickFilters;
  onSelect?: Select;
}

function Breakdown({ title, items, filter, filters, onSelect }: BreakdownProps) {
  const list = [...(items ?? [])].sort((a, b) => b.count - a.count).slice(0, 8);
  return (
    <TitledCard title={title} size="sm">
      {list.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No data yet
        </Text>
      ) : (
        list.map((i) => {
          const value = onSelect && filters[filter] === undefined ? valueOf(filter, i.name) : null;
          return (
            <Flex key={i.name} justify="space-between" py="1">
              {value ? (
                <Text
                  as="button"
                  fontSize="sm"
                  truncate
                  cursor="pointer"
                  textAlign="start"
                  _hover={{ textDecoration: 'underline' }}
                  aria-label={`Filter by ${title}: ${i.name}`}
                  onClick={() => onSelect!(filter, value)}
                >
                  {i.name}
                </Text>
              ) : (
                <Text fontSize="sm" truncate>
                  {i.name || 'Unknown'}
                </Text>
              )}
              <Badge>{formatCount(i.count)}</Badge>
            </Flex>
          );
        })
      )}
    </TitledCard>
  );
}

const UTM_CARDS = [
  { title: 'UTM Source', filter: 'utmSource', key: 'source' },
  { title: 'UTM Medium', filter: 'utmMedium', key: 'medium' },
  { title: 'UTM Campaign', filter: 'utmCampaign', key: 'campaign' },
] as const;

/**
 * Browser, OS, device, referrer and language breakdowns the API gives, and the link's UTM values (every click of the
 * link carries them); clicking a value adds it to the filters.
 */
export function Breakdowns({ data, filters = {}, onSelect }: { data: LinkAnalyticsDto; filters?: ClickFilters; onSelect?: Select }) {
  const props = { filters, onSelect };
  const utm = data.link.utm ?? {};
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
      <Breakdown title="Browsers" items={data.clicksByBrowser} filter="browser" {...props} />
      <Breakdown title="Operating Systems" items={data.clicksByOs} filter="os" {...props} />
      <Breakdown title="Devices" items={data.clicksByDevice} filter="device" {...props} />
      <Breakdown title="Referrers" items={data.clicksByReferrer} filter="referrer" {...props} />
      <Breakdown title="Languages" items={data.clicksByLanguage} filter="language" {...props} />
      {UTM_CARDS.map((c) => {
        const value = utm[c.key];
        return (
          <Breakdown
            key={c.filter}
            title={c.title}
            items={value && data.totalClicks > 0 ? [{ name: value, count: data.totalClicks }] : []}
            filter={c.filter}
            {...props}
          />
        );
      })}
    </SimpleGrid>
  );
}
