import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface TextFieldProps extends Omit<InputProps, 'value' | 'onChange'> {
  label: ReactNode;
  value: string;
  /** Called with the input's new text on every change. */
  onValueChange: (value: string) => void;
  /** A muted line under the input; nothing when absent. */
  helperText?: ReactNode;
  /** Marks the field (and so its input) required. */
  required?: boolean;
}

/** A labelled form field holding one controlled text input; every other prop goes to the input. */
export function TextField({ label, value, onValueChange, helperText, required, ...input }: TextFieldProps) {
  return (
    <Field.Root required={required}>
      <Field.Label>{label}</Field.Label>
      <Input value={value} onChange={(e) => onValueChange(e.target.value)} {...input} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}
