import { jest } from '@jest/globals';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { DomainDto } from '@app/contracts';
import { Toaster } from '../../../components/ui/toaster';
import { toaster } from '../../../lib/toasts';
import { DomainVerification } from './DomainVerification';

const pending: DomainDto = {
  id: 'd1',
  domain: 'go.brand.com',
  isActive: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  sslCertificate: { exists: false, generated: null },
  verification: {
    status: 'pending',
    record: { type: 'TXT', name: '_linkpulse-challenge.go.brand.com', value: 'lp-verify=abc123' },
    checkedAt: null,
    expiresAt: '2026-11-27T10:00:00.000Z',
    error: null,
  },
} as DomainDto;

function renderIt(domain: DomainDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={client}>
        <DomainVerification domain={domain} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

/** Issue 16 item 1: a pending domain shows the TXT record to create, with copy buttons, and 'Verify now'. */
describe('DomainVerification', () => {
  const calls: { url: string; method?: string }[] = [];
  const copied: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    copied.length = 0;
    Object.assign(navigator, { clipboard: { writeText: async (t: string) => void copied.push(t) } });
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method });
      const body = { ...pending, isActive: true, verification: { ...pending.verification, status: 'verified', record: null } };
      return { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
  });
  afterEach(() => toaster.remove());

  it('shows the record with copy buttons and verifies on Verify now', async () => {
    renderIt(pending);
    expect(screen.getByText('_linkpulse-challenge.go.brand.com')).toBeInTheDocument();
    expect(screen.getByText('lp-verify=abc123')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Record value' }));
    await waitFor(() => expect(copied).toEqual(['lp-verify=abc123']));
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(await screen.findByText('Domain verified')).toBeInTheDocument();
    expect(calls).toEqual([{ url: '/api/domains/d1/verify', method: 'POST' }]);
  });

  it('shows nothing once the domain is verified', () => {
    const { container } = renderIt({ ...pending, isActive: true, verification: { ...pending.verification, status: 'verified', record: null } });
    expect(container.querySelector('[data-testid="domain-verification"]')).toBeNull();
  });
});
