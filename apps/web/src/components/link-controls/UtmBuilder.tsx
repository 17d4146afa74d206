import { Box, Fieldset, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { LINK_LIMITS, UTM_KEYS, type UtmKey } from '@app/contracts';
import { utmOf, utmPreview } from './utm';

const LABELS: Record<UtmKey, [string, string]> = {
  source: ['Source', 'newsletter'],
  medium: ['Medium', 'email'],
  campaign: ['Campaign', 'spring-sale'],
  term: ['Term', 'running shoes'],
  content: ['Content', 'header-link'],
};

/** UTM builder: the five utm_ values and the final URL a visitor reaches. */
export function UtmBuilder({
  utm,
  destination,
  onChange,
  error,
}: {
  utm: Record<UtmKey, string>;
  destination: string;
  onChange: (utm: Record<UtmKey, string>) => void;
  error?: string;
}) {
  const preview = utmPreview(destination, utmOf({ utm }));
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>UTM parameters</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2" w="full">
        {UTM_KEYS.map((key) => (
          <Box key={key}>
            <Text asChild fontSize="xs" color="fg.muted">
              <label htmlFor={`utm-${key}`}>
                {LABELS[key][0]} (utm_{key})
              </label>
            </Text>
            <Input
              id={`utm-${key}`}
              size="sm"
              maxLength={LINK_LIMITS.utmValueMax + 1}
              placeholder={LABELS[key][1]}
              value={utm[key]}
              onChange={(e) => onChange({ ...utm, [key]: e.target.value })}
            />
          </Box>
        ))}
      </SimpleGrid>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
      <Box w="full" bg="bg.muted" borderRadius="md" p="2" fontSize="sm">
        <Text color="fg.muted" fontSize="xs">
          Final URL
        </Text>
        <Text data-testid="utm-preview" wordBreak="break-all">
          {preview ?? 'Enter a valid long URL to see the final URL.'}
        </Text>
      </Box>
    </Fieldset.Root>
  );
}
