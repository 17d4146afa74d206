import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { WebhookDeliveryDto, WebhookDto } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toaster } from '../../../lib/toasts';
import { fetchCall, mockFetch, renderWithProviders, type FetchCall } from '../../../test-utils';
import { WebhooksCard } from './WebhooksCard';

const hook: WebhookDto = {
  id: 'w1',
  url: 'https://crm.example.com/hooks',
  events: ['link.created', 'link.clicked'],
  status: 'active',
  pausedAt: null,
  createdAt: '2026-11-02T09:00:00.000Z',
};
const delivery = (id: string, over: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto => ({
  id,
  event: 'link.created',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  createdAt: '2026-11-20T10:00:00.000Z',
  deliveredAt: '2026-11-20T10:00:01.000Z',
  error: null,
  nextAttemptAt: null,
  ...over,
});

describe('WebhooksCard', () => {
  let hooks: WebhookDto[];
  let deliveries: WebhookDeliveryDto[];
  let calls: FetchCall[];

  beforeEach(() => {
    hooks = [hook];
    deliveries = [delivery('d1')];
    calls = [];
    mockFetch((url, init) => {
      const call = fetchCall(url, init);
      calls.push(call);
      if (url.endsWith('/deliveries')) return { status: 200, body: deliveries };
      if (url.endsWith('/resume')) {
        hooks = hooks.map((h) => (url.endsWith(`/${h.id}/resume`) ? { ...h, status: 'active', pausedAt: null } : h));
        deliveries = deliveries.map((d) => (d.status === 'paused' ? { ...d, status: 'pending' } : d));
        return { status: 200, body: hooks[0] };
      }
      if (call.method === 'POST') {
        const created = { id: 'w2', ...call.body, createdAt: new Date().toISOString() };
        hooks = [...hooks, created];
        return { status: 201, body: { ...created, secret: 'whsec_abc123' } };
      }
      if (call.method === 'DELETE') {
        hooks = hooks.filter((h) => !url.endsWith(`/${h.id}`));
        return { status: 204, body: '' };
      }
      return { status: 200, body: hooks };
    });
  });
  afterEach(() => act(() => toaster.remove()));

  it('refuses a URL that is not http(s) and sends nothing', async () => {
    renderWithProviders(<WebhooksCard />);
    await screen.findByTestId('webhook-item');
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'ftp://files.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    expect(await screen.findByText('Enter an http:// or https:// URL')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('adds a webhook with the chosen events and shows its secret once', async () => {
    renderWithProviders(<WebhooksCard />);
    await screen.findByTestId('webhook-item');
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: ' https://hooks.example.org/lp ' } });
    const updated = screen.getByRole('checkbox', { name: 'link.updated' });
    fireEvent.click(updated); // all four are preselected
    await waitFor(() => expect(updated).not.toBeChecked());
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    expect(await screen.findByRole('textbox', { name: 'New signing secret' })).toHaveValue('whsec_abc123');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/webhooks',
      body: { url: 'https://hooks.example.org/lp', events: ['link.created', 'link.deleted', 'link.clicked'] },
    });
    await waitFor(() => expect(screen.getAllByTestId('webhook-item')).toHaveLength(2));
    expect(screen.getAllByTestId('webhook-item')[1]).not.toHaveTextContent('whsec_abc123');
  });

  it('shows the deliveries of a webhook and picks up new ones', async () => {
    renderWithProviders(<WebhooksCard />);
    const item = await screen.findByTestId('webhook-item');
    fireEvent.click(within(item).getByRole('button', { name: 'Deliveries' }));
    const panel = await within(item).findByTestId('deliveries');
    await waitFor(() => expect(within(panel).getAllByTestId('delivery-row')).toHaveLength(1));
    expect(within(panel).getAllByTestId('delivery-row')[0]).toHaveTextContent(/link\.createdDelivered1200/);

    deliveries = [
      delivery('d2', {
        event: 'link.clicked',
        status: 'pending',
        attempts: 2,
        responseStatus: 500,
        deliveredAt: null,
        error: 'HTTP 500',
        nextAttemptAt: '2026-11-20T10:05:00.000Z',
      }),
      ...deliveries,
    ];
    fireEvent.click(within(panel).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(panel).getAllByTestId('delivery-row')).toHaveLength(2));
    const first = within(panel).getAllByTestId('delivery-row')[0];
    // A failed attempt says so, with the time of the next try (not a bare "Pending").
    expect(first).toHaveTextContent(/link\.clickedFailed, will retryNext try .+2500HTTP 500/);
    expect(within(first).getByTestId('delivery-error')).toHaveAttribute('title', 'HTTP 500');
    expect(within(first).getAllByRole('cell').at(-1)).toHaveTextContent('—');
    expect(calls.filter((c) => c.url === '/api/webhooks/w1/deliveries').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the latest 10 deliveries until Show all', async () => {
    deliveries = Array.from({ length: 12 }, (_, i) => delivery(`d${i}`));
    renderWithProviders(<WebhooksCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deliveries' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Show all 12' }));
    expect(screen.getAllByTestId('delivery-row')).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Show the latest 10' }));
    expect(screen.getAllByTestId('delivery-row')).toHaveLength(10);
  });

  it('a paused webhook says so, its held deliveries read Paused, and Resume re-enables it', async () => {
    hooks = [{ ...hook, status: 'paused', pausedAt: '2026-11-20T10:05:00.000Z' }];
    deliveries = [delivery('d2', { status: 'paused', attempts: 0, responseStatus: null, deliveredAt: null }), delivery('d1')];
    renderWithProviders(<WebhooksCard />);
    expect(await screen.findByTestId('webhook-paused')).toHaveTextContent(/^Paused.*after repeated failed deliveries/);
    fireEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows[0]).toHaveTextContent('Paused');
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-paused')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/webhooks/w1/resume']);
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')[0]).toHaveTextContent('Pending'));
  });

  it('deletes only after the confirmation', async () => {
    renderWithProviders(<WebhooksCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Webhook' });
    expect(dialog).toHaveTextContent('No more events will be sent to https://crm.example.com/hooks.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Webhook' }));
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/webhooks/w1']);
    await act(async () => undefined);
  });
});
