import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import type { TrendPointDto } from '@app/contracts';
import { renderWithProviders } from '../../../test-utils';
import { OverviewTab } from './OverviewTab';

/** Gives recharts' ResponsiveContainer a size in jsdom, so the axes render. */
function sizedCharts() {
  return jest
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockReturnValue({ width: 600, height: 256, top: 0, left: 0, right: 600, bottom: 256, x: 0, y: 0, toJSON: () => ({}) });
}

const point = (date: string, clicks: number): TrendPointDto => ({ date, linkData: [{ linkId: 'l1', linkName: 'Big', clicks }] });

describe('Analytics Overview: Clicks Per Day axis', () => {
  beforeEach(() => {
    sizedCharts();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('labels large counts as 400K / 1.2M, not full digits that get cut', async () => {
    const trends = [point('2026-11-01', 400_000), point('2026-11-02', 1_200_000), point('2026-11-03', 900_000)];
    const { container } = renderWithProviders(<OverviewTab trends={trends} trendsLoading={false} links={[]} linksLoading={false} />);
    expect(screen.getByRole('img', { name: 'Clicks per day' })).toBeInTheDocument();
    const selector = '.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value';
    await waitFor(() => expect(container.querySelectorAll(selector).length).toBeGreaterThan(0));
    const ticks = [...container.querySelectorAll(selector)].map((t) => t.textContent ?? '');
    for (const t of ticks) expect(t).toMatch(/^\d+(\.\d)?[KM]?$/);
    expect(ticks.some((t) => /[KM]$/.test(t))).toBe(true);
  });
});
