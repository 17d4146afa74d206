import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { TOAST_REMOVE_DELAY, notify, toaster } from '../../lib/toasts';

const shownTitles = () => toaster.getVisibleToasts().map((t) => t.title);

describe('toaster (docs/product.md#states-and-transitions, docs/product.md#constants-and-limits)', () => {
  afterEach(() => act(() => void toaster.remove()));

  it('passes the 1,000,000 ms removal delay to the toaster', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(toaster.attrs.removeDelay).toBe(1_000_000);
    const id = notify.info('Hello');
    expect(toaster.getVisibleToasts().find((t) => t.id === id)?.removeDelay).toBe(1_000_000);
  });

  it('shows at most one toast and a new one replaces it at once, even after the shown one was dismissed', async () => {
    renderWithProviders(<div />);
    act(() => void notify.success('First'));
    await screen.findByText('First');
    act(() => void notify.error('Second'));
    await screen.findByText('Second');
    expect(screen.queryByText('First')).toBeNull();
    expect(shownTitles()).toEqual(['Second']);
    // A dismissed toast lingers for the removal delay; the next one must not queue behind it.
    act(() => void toaster.dismiss());
    act(() => void notify.info('Third'));
    await screen.findByText('Third');
    expect(shownTitles()).toEqual(['Third']);
  });
});

describe('a stale error toast', () => {
  afterEach(() => act(() => void toaster.remove()));

  it('is dismissed by a later change that succeeds, even one that shows no toast of its own', async () => {
    const { client } = renderWithProviders(<div />);
    act(() => void notify.error('Error', 'Failed to create short link'));
    await screen.findByText('Failed to create short link');
    await act(async () => {
      await client
        .getMutationCache()
        .build(client, { mutationFn: async () => 'ok' })
        .execute(undefined);
    });
    // Dismissed: it closes (and is removed after the product's removal delay, like any dismissed toast).
    await waitFor(() =>
      expect(screen.getByText('Failed to create short link').closest('[data-part="root"]')).toHaveAttribute('data-state', 'closed'),
    );
  });
});
