import { jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../../app/system';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from '../../../components/ui/toaster';
import { toaster } from '../../../lib/toasts';
import { AddDomainForm } from './AddDomainForm';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <AddDomainForm />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('AddDomainForm', () => {
  const calls: { url: string; init?: RequestInit }[] = [];
  beforeEach(() => {
    calls.length = 0;
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init });
      // jsdom has no Response: the few members the api client reads.
      return { ok: true, status: 201, statusText: 'Created', text: async () => JSON.stringify({ id: '1', domain: 'go.brand.com' }) };
    }) as unknown as typeof fetch;
  });

  afterEach(() => toaster.remove());

  const submit = (value: string) => {
    fireEvent.change(screen.getByPlaceholderText('links.yourdomain.com'), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Domain' }));
  };

  it('does nothing for an empty or blank name', async () => {
    renderForm();
    submit('   ');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    expect(screen.queryByText('Invalid Domain')).toBeNull();
  });

  it("refuses an invalid name with the 'Invalid Domain' toast and sends nothing", async () => {
    renderForm();
    // A pasted https:// is dropped (validate-domain), so the invalid name here has a path.
    submit('https://brand.com/path');
    expect(await screen.findByText('Invalid Domain')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid domain name (e.g., links.yourdomain.com)')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts a valid, trimmed name and clears the field', async () => {
    renderForm();
    submit('  Go.Brand.com ');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe('/api/domains');
    expect(calls[0].init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ domain: 'go.brand.com' });
    expect(await screen.findByText('Domain added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByPlaceholderText('links.yourdomain.com')).toHaveValue(''));
  });
});
