import { jest } from '@jest/globals';
jest.setTimeout(30_000);
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../../app/system';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { lastDays, ymdParams, type DateRange } from '../lib/date-range';
import { DateRangeControl } from './DateRangeControl';

const NOW = new Date(2026, 10, 22, 12, 0);

// jsdom lacks ResizeObserver, which the popover's positioning uses.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const day = async (name: string) => within(await screen.findByRole('dialog')).getByRole('button', { name });

function Harness({ onChange }: { onChange: (r: DateRange) => void }) {
  const [range, setRange] = useState(() => lastDays(30, NOW));
  return (
    <ChakraProvider value={system}>
      <DateRangeControl
        value={range}
        now={NOW}
        onChange={(r) => {
          setRange(r);
          onChange(r);
        }}
      />
      <output>{JSON.stringify(ymdParams(range))}</output>
    </ChakraProvider>
  );
}

const shown = () => JSON.parse(screen.getByRole('status').textContent ?? '{}');

describe('DateRangeControl', () => {
  it('defaults to the last 30 days and switches quick ranges', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(shown()).toEqual({ startDate: '2026-10-24', endDate: '2026-11-22' });
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(shown()).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('applies only with both dates; one click is a one-day range; Cancel keeps the range', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Oct 24, 2026 - Nov 22, 2026' }));
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    expect(await day('Nov 23, 2026')).toBeDisabled();

    fireEvent.click(await day('Nov 10, 2026'));
    expect(apply).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(shown()).toEqual({ startDate: '2026-10-24', endDate: '2026-11-22' });

    fireEvent.click(screen.getByRole('button', { name: 'Oct 24, 2026 - Nov 22, 2026' }));
    fireEvent.click(await day('Nov 10, 2026'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(shown()).toEqual({ startDate: '2026-11-10', endDate: '2026-11-10' });

    expect(screen.getByTestId('range-trigger')).toHaveTextContent('Nov 10, 2026');
    fireEvent.click(screen.getByTestId('range-trigger'));
    fireEvent.click(await day('Oct 28, 2026'));
    fireEvent.click(await day('Nov 3, 2026'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(shown()).toEqual({ startDate: '2026-10-28', endDate: '2026-11-03' });
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('refuses a range longer than the server accepts (366 days) and says so', async () => {
    render(<Harness onChange={() => undefined} />);
    fireEvent.click(screen.getByTestId('range-trigger'));
    const prev = await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Previous month' });
    for (let i = 0; i < 13; i++) fireEvent.click(prev);
    fireEvent.click(await day('Oct 1, 2025'));
    const next = within(screen.getByRole('dialog')).getByRole('button', { name: 'Next month' });
    for (let i = 0; i < 13; i++) fireEvent.click(next);
    fireEvent.click(await day('Nov 20, 2026'));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('A range can span up to 366 days');
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
