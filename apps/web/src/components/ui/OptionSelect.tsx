import { Field, NativeSelect, type FieldRootProps, type NativeSelectRootProps } from '@chakra-ui/react';
import type { ChangeEventHandler } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

interface OptionSelectProps extends Omit<NativeSelectRootProps, 'onChange'> {
  options: readonly SelectOption[];
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  name?: string;
  /** Names the select when no label does. */
  'aria-label'?: string;
}

/** A native select over `options` with the theme's indicator. */
export function OptionSelect({ options, value, onChange, name, 'aria-label': ariaLabel, ...root }: OptionSelectProps) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field name={name} aria-label={ariaLabel} value={value} onChange={onChange}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

interface SelectFieldProps extends OptionSelectProps {
  label: string;
  /** Props of the field around the select (its width, say). */
  field?: FieldRootProps;
}

/** A labelled form field holding an OptionSelect. */
export function SelectField({ label, field, ...select }: SelectFieldProps) {
  return (
    <Field.Root {...field}>
      <Field.Label>{label}</Field.Label>
      <OptionSelect {...select} />
    </Field.Root>
  );
}
