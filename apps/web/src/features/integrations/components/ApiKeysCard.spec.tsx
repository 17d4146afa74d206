import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ApiKeyDto, CreatedApiKeyDto } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toaster } from '../../../lib/toasts';
import { fetchCall, mockFetch, renderWithProviders, type FetchCall } from '../../../test-utils';
import { ApiKeysCard } from './ApiKeysCard';

const existing: ApiKeyDto = {
  id: 'k1',
  name: 'Nightly report',
  scopes: ['links:read', 'analytics:read'],
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
};

describe('ApiKeysCard', () => {
  let keys: ApiKeyDto[];
  let calls: FetchCall[];
  let clipboard: string[];

  beforeEach(() => {
    keys = [existing];
    calls = [];
    clipboard = [];
    Object.assign(navigator, { clipboard: { writeText: async (text: string) => void clipboard.push(text) } });
    mockFetch((url, init) => {
      const call = fetchCall(url, init);
      calls.push(call);
      if (call.method === 'POST') {
        const created: CreatedApiKeyDto = {
          id: 'k2',
          ...call.body,
          expiresAt: call.body.expiresAt ?? null,
          createdAt: new Date().toISOString(),
          lastUsedAt: null,
          key: 'lp_secretvalue123',
        };
        const { key: _key, ...listed } = created;
        keys = [...keys, listed];
        return { status: 201, body: created };
      }
      if (call.method === 'DELETE') {
        keys = keys.filter((k) => !url.endsWith(`/${k.id}`));
        return { status: 204, body: '' };
      }
      return { status: 200, body: keys };
    });
  });
  afterEach(() => act(() => toaster.remove()));

  it('lists keys with their scopes, expiry and last use', async () => {
    renderWithProviders(<ApiKeysCard />);
    const item = await screen.findByTestId('api-key-item');
    expect(within(item).getByText('Nightly report')).toBeInTheDocument();
    expect(within(item).getByText('links:read')).toBeInTheDocument();
    expect(within(item).getByText('analytics:read')).toBeInTheDocument();
    expect(item).toHaveTextContent('Created Nov 1, 2026 · Expires Never · Last used Never');
  });

  it('refuses a key without a name or without scopes and sends nothing', async () => {
    renderWithProviders(<ApiKeysCard />);
    await screen.findByTestId('api-key-item');
    fireEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByText('Give the key a name')).toBeInTheDocument();
    act(() => toaster.remove()); // one toast at a time
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'CRM' } });
    const only = screen.getByRole('checkbox', { name: 'links:read' }); // the only preselected scope
    fireEvent.click(only);
    await waitFor(() => expect(only).not.toBeChecked());
    fireEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByText('Choose at least one scope')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates a key with the chosen scopes in order, shows it once with Copy, and Done hides it for good', async () => {
    renderWithProviders(<ApiKeysCard />);
    await screen.findByTestId('api-key-item');
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: '  CRM sync ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'links:write' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'domains:read' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'domains:read' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'links:write' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Create API Key' }));

    const secret = await screen.findByRole('textbox', { name: 'New API key' });
    expect(secret).toHaveValue('lp_secretvalue123');
    expect(screen.getByText(/won't be shown again/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/api-keys',
      body: { name: 'CRM sync', scopes: ['links:read', 'links:write', 'domains:read'] },
    });
    await waitFor(() => expect(screen.getAllByTestId('api-key-item')).toHaveLength(2));
    // The list never carries the key.
    expect(screen.getAllByTestId('api-key-item')[1]).not.toHaveTextContent('lp_secretvalue123');

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('API key copied to clipboard')).toBeInTheDocument();
    expect(clipboard).toEqual(['lp_secretvalue123']);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue('lp_secretvalue123')).toBeNull();
    expect(screen.queryByText(/won't be shown again/)).toBeNull();
  });

  it('sends the expiry as the end of the chosen day', async () => {
    renderWithProviders(<ApiKeysCard />);
    await screen.findByTestId('api-key-item');
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Temp' } });
    fireEvent.change(screen.getByLabelText('Expires (optional)'), { target: { value: '2099-03-04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    await screen.findByRole('textbox', { name: 'New API key' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Temp',
      scopes: ['links:read'],
      expiresAt: new Date(2099, 2, 4, 23, 59, 59, 999).toISOString(),
    });
  });

  it('revokes only after the confirmation', async () => {
    renderWithProviders(<ApiKeysCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke API Key' });
    expect(dialog).toHaveTextContent('Programs using "Nightly report" get 401 from their next request.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke Key' }));
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/api-keys/k1', body: undefined }]);
  });
});
