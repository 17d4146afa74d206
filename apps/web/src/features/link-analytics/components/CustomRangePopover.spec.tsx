import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test-utils';
import { CustomRangePopover } from './CustomRangePopover';

const now = new Date(2026, 10, 22, 15, 30);

describe('CustomRangePopover', () => {
  it('enables Apply Range only for a valid pair and applies it', async () => {
    const onApply = jest.fn();
    renderWithProviders(<CustomRangePopover value={{ start: null, end: null }} onApply={onApply} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pick date range' }));
    const apply = await screen.findByRole('button', { name: 'Apply Range' });
    expect(apply).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-11-20' } });
    expect(apply).toBeDisabled();
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-11-19' } });
    expect(screen.getByRole('alert')).toHaveTextContent('End date cannot be before start date');
    expect(apply).toBeDisabled();
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-11-25' } });
    expect(screen.getByRole('alert')).toHaveTextContent('End date cannot be in the future');
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-11-21' } });
    expect(apply).toBeEnabled();
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith({ start: new Date(2026, 10, 20), end: new Date(2026, 10, 21) });
  });
});
