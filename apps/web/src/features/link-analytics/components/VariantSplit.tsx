import type { VariantSplitDto } from '@app/contracts';
import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { TitledCard } from '../../../components/ui/TitledCard';
import { variantLabel, variantShares } from '../lib/variant-split';

/** A/B split of the range: each variant's clicks and share against its configured weight. */
export function VariantSplit({ split }: { split: VariantSplitDto[] | undefined }) {
  if (!split?.length) return null;
  const rows = variantShares(split);
  return (
    <TitledCard title="A/B Variant Split" level="h2" size="sm" data-testid="variant-split">
      <Stack gap="3">
        {rows.map((v) => (
          <Box key={v.variant} data-testid="variant-row">
            <Flex justify="space-between" gap="2" align="baseline" wrap="wrap">
              <Text fontSize="sm" fontWeight="semibold" minW="0" truncate>
                {variantLabel(v.variant)} · {v.url}
              </Text>
              <Flex gap="2" align="center" flexShrink={0}>
                <Text fontSize="xs" color="fg.muted">
                  weight {v.weight}%
                </Text>
                <Badge colorPalette="blue">
                  {v.clicks} {v.clicks === 1 ? 'click' : 'clicks'} ({v.share}%)
                </Badge>
              </Flex>
            </Flex>
            <Box h="2" mt="1" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden="true">
              <Box h="full" w={`${v.share}%`} bg="blue.solid" />
            </Box>
          </Box>
        ))}
      </Stack>
    </TitledCard>
  );
}
