import { Box, Button, Fieldset, Flex, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { LINK_LIMITS } from '@app/contracts';
import { Plus, X } from 'lucide-react';
import type { VariantRow } from './form-types';
import { variantsError, weightSum } from './validation';

/** Even split of 100 over n rows, the rest on the first (2 → 50/50, 3 → 34/33/33). */
export function evenWeights(n: number): string[] {
  const base = Math.floor(100 / n);
  return Array.from({ length: n }, (_, i) => String(i === 0 ? 100 - base * (n - 1) : base));
}

interface VariantsEditorProps {
  rows: VariantRow[];
  /** The link's destination: variant A of a new test starts as it (the page being tested against). */
  destination: string;
  onChange: (rows: VariantRow[]) => void;
  showError: boolean;
}

/** A/B variants: 2–4 rows of URL + weight (%), the weights' sum shown live and checked against 100. */
export function VariantsEditor({ rows, destination, onChange, showError }: VariantsEditorProps) {
  const error = variantsError(rows);
  const sum = weightSum(rows);
  const set = (i: number, patch: Partial<VariantRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const add = () => {
    if (rows.length === 0) onChange(evenWeights(2).map((weight, i) => ({ url: i === 0 ? destination.trim() : '', weight })));
    else onChange([...rows, { url: '', weight: '' }]);
  };
  return (
    <Fieldset.Root invalid={showError && Boolean(error)}>
      <Fieldset.Legend>A/B variants</Fieldset.Legend>
      <Stack gap="2" w="full" data-testid="variants-editor">
        {rows.map((row, i) => (
          <Flex key={i} gap="2" align="center" wrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Input
              flex="1"
              minW="12rem"
              type="url"
              size="sm"
              aria-label={`Variant ${i + 1} URL`}
              placeholder="https://example.com/b"
              value={row.url}
              onChange={(e) => set(i, { url: e.target.value })}
            />
            <Flex align="center" gap="1">
              <Input
                w="5rem"
                size="sm"
                inputMode="numeric"
                aria-label={`Variant ${i + 1} weight (%)`}
                value={row.weight}
                onChange={(e) => set(i, { weight: e.target.value.replace(/[^\d]/g, '') })}
              />
              <Text fontSize="sm" aria-hidden="true">
                %
              </Text>
              <IconButton size="sm" variant="ghost" aria-label={`Remove variant ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                <X />
              </IconButton>
            </Flex>
          </Flex>
        ))}
        <Flex gap="3" align="center" wrap="wrap">
          <Button size="xs" variant="outline" onClick={add} disabled={rows.length >= LINK_LIMITS.variantsMax}>
            <Plus /> {rows.length === 0 ? 'Add A/B test' : 'Add variant'}
          </Button>
          {rows.length > 0 && (
            <Text fontSize="sm" color={sum === 100 ? 'fg.muted' : 'red.fg'} data-testid="weight-sum">
              Total {sum}% of 100%
            </Text>
          )}
        </Flex>
      </Stack>
      {error && (showError || rows.length > 0) ? (
        <Box role={showError ? 'alert' : undefined} fontSize="sm" color={showError ? 'red.fg' : 'fg.muted'} data-testid="variants-error">
          {error}
        </Box>
      ) : (
        <Fieldset.HelperText fontSize="xs">
          Each visitor is sent to one variant with its weight's probability and keeps it for 30 days.
        </Fieldset.HelperText>
      )}
    </Fieldset.Root>
  );
}
