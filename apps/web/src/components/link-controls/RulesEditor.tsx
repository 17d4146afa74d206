import { Box, Button, Fieldset, Flex, IconButton, Input, Stack } from '@chakra-ui/react';
import { LINK_LIMITS, LINK_RULE_TYPES, type LinkRuleType } from '@app/contracts';
import { Plus, X } from 'lucide-react';
import { OptionSelect } from '../ui/OptionSelect';
import type { RuleRow } from './form-types';
import { FIXED_RULE_VALUES, RuleValuesInput } from './RuleValuesInput';
import { rulesError } from './validation';

const RULE_LABELS: Record<LinkRuleType, string> = { country: 'Country', device: 'Device', os: 'Operating system', language: 'Language' };
const RULE_OPTIONS = LINK_RULE_TYPES.map((t) => ({ value: t, label: RULE_LABELS[t] }));

/** A new type keeps typed values between free-text types; a fixed list starts empty (old text would not match it). */
function changeType(row: RuleRow, type: LinkRuleType): Partial<RuleRow> {
  return FIXED_RULE_VALUES[type] || FIXED_RULE_VALUES[row.type] ? { type, values: '' } : { type };
}

/** Targeting rules: type, values (typed, or ticked from a fixed list), destination; the first rule that matches wins. */
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
              onChange={(e) => set(i, changeType(row, e.target.value as LinkRuleType))}
              options={RULE_OPTIONS}
            />
            <RuleValuesInput row={row} index={i} onChange={(values) => set(i, { values })} />
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
          The first matching rule chooses the destination. Countries: 2-letter codes such as GB; languages: en, de…; devices and systems: tick the
          ones it applies to.
        </Fieldset.HelperText>
      )}
    </Fieldset.Root>
  );
}
