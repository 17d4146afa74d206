import { Field, NativeSelect, type FieldRootProps, type NativeSelectRootProps } from '@chakra-ui/react';
import type { ChangeEventHandler } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not choosable (its label says why). */
  disabled?: boolean;
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
          <option key={o.value} value={o.value} disabled={o.disabled}>
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
  /** A line under the select. */
  helperText?: string;
}

/** A labelled form field holding an OptionSelect. */
export function SelectField({ label, field, helperText, ...select }: SelectFieldProps) {
  return (
    <Field.Root {...field}>
      <Field.Label>{label}</Field.Label>
      <OptionSelect {...select} />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}
