import { useCallback, useState } from 'react';
import type { ControlsErrors, ControlsForm } from './form-types';
import { validateControls } from './validation';

/** What `useLinkControls` gives: the form's controls, their setter and the errors found on submit. */
export type LinkControlsState = ReturnType<typeof useLinkControls>;

/** The Advanced section's state; after the first failed submit the errors follow every change. */
export function useLinkControls(initial: ControlsForm, mode: 'create' | 'edit') {
  const [value, setValueState] = useState<ControlsForm>(initial);
  const [errors, setErrors] = useState<ControlsErrors>({});
  const [checking, setChecking] = useState(false);
  const setValue = useCallback(
    (next: ControlsForm) => {
      setValueState(next);
      if (checking) setErrors(validateControls(next, mode));
    },
    [checking, mode],
  );
  /** True when the controls can be sent; otherwise shows the errors (and opens the section). */
  const validate = () => {
    const found = validateControls(value, mode);
    setErrors(found);
    setChecking(true);
    return Object.keys(found).length === 0;
  };
  const reset = useCallback((next: ControlsForm) => {
    setValueState(next);
    setErrors({});
    setChecking(false);
  }, []);
  return { value, setValue, errors, validate, reset };
}
