import { describe, expect, it, jest } from '@jest/globals';
import type { RecentIpActivityDto, RecentIpActivityRecord } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test-utils';
import RecentIpActivityPage from './RecentIpActivityPage';

jest.setTimeout(20_000);

/** Record n of the `days`-day window: its link is named after both, so a test sees which answer is on screen. */
const record = (days: number, n: number): RecentIpActivityRecord => ({
  ipAddress: `10.0.${days}.${n}`,
  clickCount: 1,
  city: null,
  region: null,
  country: null,
  linkId: `l${n}`,
  linkName: `Link ${n} of ${days} days`,
  referrer: null,
  lastSeen: '2026-11-26T10:00:00.000Z',
});
/** 7 days: 25 records; 14 days: 40 records; 10 a page. */
const pageOf = (days: number, page: number): RecentIpActivityDto => {
  const total = days === 7 ? 25 : 40;
  const from = (page - 1) * 10 + 1;
  return {
    data: Array.from({ length: Math.min(10, total - from + 1) }, (_, i) => record(days, from + i)),
    total,
    totalPages: Math.ceil(total / 10),
    page,
    limit: 10,
  };
};

/** Answers every page at once but the one `held` names, which waits for the returned `answer()`. */
function serve(held: { days: number; page: number }) {
  let answer: () => void = () => undefined;
  const json = (body: unknown) => ({ ok: true, status: 200, statusText: 'OK', json: async () => body, text: async () => JSON.stringify(body) });
  const fn = jest.fn(async (url: unknown) => {
    const u = new URL(String(url), 'http://localhost');
    const days = Number(u.searchParams.get('days'));
    const page = Number(u.searchParams.get('page'));
    if (days === held.days && page === held.page) await new Promise<void>((r) => (answer = r));
    return json(pageOf(days, page));
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  const asked = (days: number, page: number) => fn.mock.calls.some(([u]) => String(u).includes(`days=${days}`) && String(u).includes(`page=${page}`));
  return { answer: () => answer(), asked };
}

/** Recent IP Activity (docs/product.md#recent-ip-activity): the title and the pager describe the records on screen, also while the next answer loads. */
describe('Recent IP Activity while the next answer loads', () => {
  it('keeps page 1 with "Showing 1 to 10" until page 2 arrives, then "Showing 11 to 20"', async () => {
    const server = serve({ days: 7, page: 2 });
    renderWithProviders(<RecentIpActivityPage />);
    expect(await screen.findByText('Showing 1 to 10 of 25 records')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.asked(7, 2)).toBe(true));
    expect(screen.getByText('Link 1 of 7 days')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 10 of 25 records')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    server.answer();
    expect(await screen.findByText('Showing 11 to 20 of 25 records')).toBeTruthy();
    expect(screen.getByText('Link 11 of 7 days')).toBeTruthy();
    expect(screen.queryByText('Link 1 of 7 days')).toBeNull();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps "IP Activity (Last 7 Days)" over the 7-day records until the 14-day ones arrive', async () => {
    const server = serve({ days: 14, page: 1 });
    renderWithProviders(<RecentIpActivityPage />);
    expect(await screen.findByText('Link 1 of 7 days')).toBeTruthy();
    expect(screen.getByText('IP Activity (Last 7 Days)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '14 days' }));
    await waitFor(() => expect(server.asked(14, 1)).toBe(true));
    expect(screen.getByText('Link 1 of 7 days')).toBeTruthy();
    expect(screen.getByText('IP Activity (Last 7 Days)')).toBeTruthy();
    expect(screen.queryByText('IP Activity (Last 14 Days)')).toBeNull();
    expect(screen.getByText('Showing 1 to 10 of 25 records')).toBeTruthy();

    server.answer();
    expect(await screen.findByText('IP Activity (Last 14 Days)')).toBeTruthy();
    expect(screen.getByText('Link 1 of 14 days')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 10 of 40 records')).toBeTruthy();
  });
});
