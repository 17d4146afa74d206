import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test-utils';
import { CustomRangePopover } from './CustomRangePopover';

const now = new Date(2026, 10, 22, 15, 30);
const calendar = (name: 'Start Date' | 'End Date') => screen.getByRole('group', { name });
const day = (name: 'Start Date' | 'End Date', label: string) => within(calendar(name)).getByRole('button', { name: label });

describe('CustomRangePopover (Start Date and End Date calendars, docs/product.md#link-analytics)', () => {
  it('picks both dates on calendars (no native date inputs) and applies them', async () => {
    const onApply = jest.fn();
    renderWithProviders(<CustomRangePopover value={{ start: null, end: null }} onApply={onApply} now={now} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pick date range' }));
    const apply = await screen.findByRole('button', { name: 'Apply Range' });
    expect(document.querySelector('input[type="date"]')).toBeNull();
    expect(apply).toBeDisabled();
    fireEvent.click(day('Start Date', 'Nov 20, 2026'));
    expect(apply).toBeDisabled();
    // No future days; no end before the start.
    expect(day('End Date', 'Nov 23, 2026')).toBeDisabled();
    expect(day('End Date', 'Nov 19, 2026')).toBeDisabled();
    expect(day('Start Date', 'Nov 23, 2026')).toBeDisabled();
    fireEvent.click(day('End Date', 'Nov 21, 2026'));
    expect(day('Start Date', 'Nov 22, 2026')).toBeDisabled();
    expect(apply).toBeEnabled();
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith({ start: new Date(2026, 10, 20), end: new Date(2026, 10, 21) });
  });

  it('keeps the range within what the server accepts (at most 366 days) and says so', async () => {
    renderWithProviders(
      <CustomRangePopover value={{ start: new Date(2025, 10, 1), end: new Date(2025, 10, 2) }} onApply={() => undefined} now={now} />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Nov 1, 2025/ }));
    await screen.findByRole('button', { name: 'Apply Range' });
    expect(screen.getByText('A range can span up to 366 days, none in the future.')).toBeInTheDocument();
    // The end calendar shows the end's month: Nov 2025. Start Nov 1, 2025 → the last end allowed is Nov 1, 2026.
    fireEvent.click(within(calendar('End Date')).getByRole('button', { name: 'Next month' }));
    fireEvent.click(within(calendar('End Date')).getByRole('button', { name: 'Next month' }));
    expect(within(calendar('End Date')).getByText('January 2026')).toBeInTheDocument();
  });
});
