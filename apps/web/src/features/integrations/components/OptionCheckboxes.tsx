import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Dispatch, SetStateAction } from 'react';

interface OptionCheckboxesProps<T extends string> {
  legend: string;
  options: readonly T[];
  descriptions: Record<T, string>;
  selected: T[];
  onChange: Dispatch<SetStateAction<T[]>>;
}

/** A labelled group of checkboxes, one per option (scopes, events), in the options' order. */
export function OptionCheckboxes<T extends string>({ legend, options, descriptions, selected, onChange }: OptionCheckboxesProps<T>) {
  // From the latest selection: two quick clicks must both count.
  const toggle = (option: T, on: boolean) => onChange((prev) => options.filter((o) => (o === option ? on : prev.includes(o))));
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" mt="2">
        {options.map((option) => (
          <Checkbox.Root
            key={option}
            checked={selected.includes(option)}
            onCheckedChange={(e) => toggle(option, e.checked === true)}
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput aria-label={option} />
            <Checkbox.Control mt="0.5" />
            <Stack gap="0">
              <Checkbox.Label fontFamily="mono">{option}</Checkbox.Label>
              <Text fontSize="sm" color="fg.muted">
                {descriptions[option]}
              </Text>
            </Stack>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
    </Fieldset.Root>
  );
}
