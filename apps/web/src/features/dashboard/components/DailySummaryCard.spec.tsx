import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { toYmd } from '../../../lib/dates';
import { mockFetch, renderWithProviders } from '../../../test-utils';
import { DailySummaryCard } from './DailySummaryCard';

const serve = (body: unknown) => mockFetch(() => ({ status: 200, body }));

describe('DailySummaryCard', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows tiles, newest-first rows with Today badge, arrows and the footer', async () => {
    const today = new Date();
    const ymd = (n: number) => toYmd(new Date(today.getFullYear(), today.getMonth(), today.getDate() - n));
    const fetchFn = serve([
      { date: ymd(2), formattedDate: 'Day A', totalClicks: 1 },
      { date: ymd(1), formattedDate: 'Day B', totalClicks: 5 },
      { date: ymd(0), formattedDate: 'Day C', totalClicks: 3 },
    ]);
    renderWithProviders(<DailySummaryCard />);
    expect(screen.getByText('Daily Clicks Summary (Last 30 Days)')).toBeInTheDocument();
    expect(screen.getByText('Total clicks per day based on your timezone')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('daily-row');
    expect(rows.map((r) => within(r).getAllByText(/Day [ABC]/)[0].textContent)).toEqual(['Day C', 'Day B', 'Day A']);
    expect(within(rows[0]).getByText('Today')).toBeInTheDocument();
    expect(within(rows[1]).queryByText('Today')).toBeNull();
    expect(within(rows[0]).getByLabelText('Down -2 from previous day')).toHaveAttribute('data-trend', 'down');
    expect(within(rows[1]).getByLabelText('Up +4 from previous day')).toHaveAttribute('data-trend', 'up');
    expect(within(rows[2]).getByLabelText('No change 0 from previous day')).toHaveAttribute('data-trend', 'flat');
    expect(within(rows[1]).getByText('5')).toHaveAttribute('data-above-average', 'true');
    expect(within(rows[2]).getByText('1')).toHaveAttribute('data-above-average', 'false');
    expect(within(screen.getByTestId('tile-Total Clicks')).getByText('9')).toBeInTheDocument();
    expect(within(screen.getByTestId('tile-Daily Average')).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByTestId('tile-Highest Day')).getByText('Day B')).toBeInTheDocument();
    expect(within(screen.getByTestId('tile-Lowest Day')).getByText('Day A')).toBeInTheDocument();
    expect(screen.getByText(/^Data refreshed every 30 seconds · Timezone: /)).toBeInTheDocument();
    const url = String(fetchFn.mock.calls[0][0]);
    expect(url).toMatch(/^\/api\/analytics\/daily-summary\?timezoneOffset=-?\d+&timeZone=[\w%/+-]+$/);
  });

  it('shows the empty state', async () => {
    serve([]);
    renderWithProviders(<DailySummaryCard />);
    expect(await screen.findByText('No click data available for the last 30 days')).toBeInTheDocument();
  });

  it('shows every count with the same thousands separators as the stat cards', async () => {
    const today = new Date();
    const ymd = (n: number) => toYmd(new Date(today.getFullYear(), today.getMonth(), today.getDate() - n));
    serve([
      { date: ymd(1), formattedDate: 'Day B', totalClicks: 1_000_000 },
      { date: ymd(0), formattedDate: 'Day C', totalClicks: 1_372_717 },
    ]);
    renderWithProviders(<DailySummaryCard />);
    const rows = await screen.findAllByTestId('daily-row');
    expect(within(rows[0]).getByText('1,372,717')).toBeInTheDocument();
    expect(within(rows[0]).getByLabelText('Up +372,717 from previous day')).toBeInTheDocument();
    expect(within(screen.getByTestId('tile-Total Clicks')).getByText('2,372,717')).toBeInTheDocument();
    expect(within(screen.getByTestId('tile-Daily Average')).getByText('1,186,359')).toBeInTheDocument();
    expect(within(screen.getByTestId('tile-Highest Day')).getByText('1,372,717')).toBeInTheDocument();
  });
});
