import { Box, Button, Fieldset, Flex, IconButton, Input, Stack } from '@chakra-ui/react';
import { LINK_LIMITS, LINK_RULE_TYPES, RULE_DEVICES, RULE_OSES, type LinkRuleType } from '@app/contracts';
import { Plus, X } from 'lucide-react';
import { OptionSelect } from '../ui/OptionSelect';
import type { RuleRow } from './form-types';
import { rulesError } from './validation';

const RULE_LABELS: Record<LinkRuleType, string> = { country: 'Country', device: 'Device', os: 'Operating system', language: 'Language' };
const RULE_OPTIONS = LINK_RULE_TYPES.map((t) => ({ value: t, label: RULE_LABELS[t] }));
const PLACEHOLDERS: Record<LinkRuleType, string> = {
  country: 'GB, IE',
  device: RULE_DEVICES.join(', '),
  os: RULE_OSES.join(', '),
  language: 'de, fr',
};

/** Targeting rules: type, values (comma-separated), destination; the first rule that matches wins. */
export function RulesEditor({ rows, onChange, showError }: { rows: RuleRow[]; onChange: (rows: RuleRow[]) => void; showError: boolean }) {
  const error = rulesError(rows);
  const set = (i: number, patch: Partial<RuleRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Fieldset.Root invalid={showError && Boolean(error)}>
      <Fieldset.Legend>Targeting rules</Fieldset.Legend>
      <Stack gap="2" w="full" data-testid="rules-editor">
        {rows.map((row, i) => (
          <Flex key={i} gap="2" align="center" wrap="wrap" borderWidth="1px" borderRadius="md" p="2">
            <OptionSelect
              size="sm"
              w={{ base: 'full', sm: '11rem' }}
              aria-label={`Rule ${i + 1} type`}
              value={row.type}
              onChange={(e) => set(i, { type: e.target.value as LinkRuleType })}
              options={RULE_OPTIONS}
            />
            <Input
              flex="1"
              minW="8rem"
              size="sm"
              aria-label={`Rule ${i + 1} values`}
              placeholder={PLACEHOLDERS[row.type]}
              value={row.values}
              onChange={(e) => set(i, { values: e.target.value })}
            />
            <Input
              flex="2"
              minW="12rem"
              size="sm"
              type="url"
              aria-label={`Rule ${i + 1} destination URL`}
              placeholder="https://example.com/uk"
              value={row.url}
              onChange={(e) => set(i, { url: e.target.value })}
            />
            <IconButton size="sm" variant="ghost" aria-label={`Remove rule ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              <X />
            </IconButton>
          </Flex>
        ))}
        <Box>
          <Button
            size="xs"
            variant="outline"
            onClick={() => onChange([...rows, { type: 'country', values: '', url: '' }])}
            disabled={rows.length >= LINK_LIMITS.rulesMax}
          >
            <Plus /> Add rule
          </Button>
        </Box>
      </Stack>
      {showError && error ? (
        <Box role="alert" fontSize="sm" color="red.fg" data-testid="rules-error">
          {error}
        </Box>
      ) : (
        <Fieldset.HelperText fontSize="xs">
          The first matching rule chooses the destination. Countries: 2-letter codes; devices: {RULE_DEVICES.join(', ')}; systems:{' '}
          {RULE_OSES.join(', ')}; languages: en, de…
        </Fieldset.HelperText>
      )}
    </Fieldset.Root>
  );
}
