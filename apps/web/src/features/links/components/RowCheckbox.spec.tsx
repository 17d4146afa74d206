import { Checkbox } from '@chakra-ui/react';
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test-utils';
import { RowCheckbox } from './RowCheckbox';

/** Chakra's own small checkbox, as RowCheckbox drew it before (its classes are what RowCheckbox must give). */
function ChakraCheckbox({ label, checked }: { label: string; checked: boolean | 'indeterminate' }) {
  return (
    <Checkbox.Root size="sm" checked={checked}>
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

const parts = (input: HTMLElement) => {
  const root = input.closest('label')!;
  const control = root.querySelector('[data-part="control"]')!;
  return {
    root: root.className,
    control: control.className,
    indicator: control.querySelector('svg')!.getAttribute('class'),
    state: root.dataset.state,
  };
};

describe('RowCheckbox', () => {
  it.each([false, true, 'indeterminate'] as const)("has the classes and state of Chakra's small checkbox (checked: %s)", (checked) => {
    renderWithProviders(
      <>
        <ChakraCheckbox label="chakra" checked={checked} />
        <RowCheckbox label="row" checked={checked} onChange={() => undefined} />
      </>,
    );
    const chakra = parts(screen.getByLabelText('chakra'));
    expect(chakra.root).toMatch(/^chakra-checkbox__root css-/);
    expect(parts(screen.getByLabelText('row'))).toEqual(chakra);
  });

  it('says whether it is ticked, and reports a click', () => {
    const onChange = jest.fn();
    renderWithProviders(<RowCheckbox label="Select Spring sale" checked={false} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Select Spring sale' });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
