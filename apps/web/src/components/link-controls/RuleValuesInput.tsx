import { Checkbox, Flex, Input } from '@chakra-ui/react';
import { RULE_DEVICES, RULE_OSES, type LinkRuleType } from '@app/contracts';
import type { RuleRow } from './form-types';

/** The rule types whose values are a fixed list: chosen, not typed. */
export const FIXED_RULE_VALUES: Partial<Record<LinkRuleType, readonly string[]>> = { device: RULE_DEVICES, os: RULE_OSES };

const PLACEHOLDERS: Record<string, string> = { country: 'GB, IE', language: 'de, fr' };

/** The values of a rule row as a list (the row keeps them as comma-separated text). */
export const ruleValueList = (values: string): string[] =>
  values
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * A rule's values: ticks over the fixed options for devices and systems (no spelling to get wrong), free text for
 * countries and languages.
 */
export function RuleValuesInput({ row, index, onChange }: { row: RuleRow; index: number; onChange: (values: string) => void }) {
  const fixed = FIXED_RULE_VALUES[row.type];
  const label = `Rule ${index + 1} values`;
  if (!fixed) {
    return (
      <Input
        flex="1"
        minW="8rem"
        size="sm"
        aria-label={label}
        placeholder={PLACEHOLDERS[row.type]}
        value={row.values}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const chosen = new Set(ruleValueList(row.values));
  const toggle = (option: string, on: boolean) => onChange(fixed.filter((o) => (o === option ? on : chosen.has(o))).join(', '));
  return (
    <Flex flex="1" minW="8rem" gap="3" wrap="wrap" role="group" aria-label={label} py="1">
      {fixed.map((option) => (
        <Checkbox.Root key={option} size="sm" checked={chosen.has(option)} onCheckedChange={(e) => toggle(option, e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{option}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Flex>
  );
}
