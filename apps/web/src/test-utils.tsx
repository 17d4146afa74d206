import { ChakraProvider } from '@chakra-ui/react';
import { system } from './app/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { expect, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { LinkDto } from '@app/contracts';
import type { ReactElement } from 'react';
import { Toaster } from './components/ui/toaster';
import { toaster } from './lib/toasts';
import { createQueryClient } from './lib/query-client';
import type { LinkActionHandlers } from './features/links/components/LinkActions';

/** Render inside Chakra + a fresh QueryClient (the defaults of docs/product.md#constants-and-limits) + the toaster. */
export function renderWithProviders(ui: ReactElement) {
  const client = createQueryClient();
  return {
    client,
    ...render(
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          {ui}
          <Toaster />
        </QueryClientProvider>
      </ChakraProvider>,
    ),
  };
}

/** Opens a link form's Advanced section (the collapsible's state changes asynchronously) and returns the section. */
export async function openAdvanced(): Promise<HTMLElement> {
  const trigger = await screen.findByRole('button', { name: /Advanced/ });
  fireEvent.click(trigger);
  await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'));
  return screen.getByTestId('advanced-section');
}

/** What a mocked endpoint answers: a status and a body (a string is sent as is, anything else as JSON). */
export interface FetchAnswer {
  status: number;
  body: unknown;
}

/**
 * Replaces `fetch` with a mock that answers every call with `handler(url, init)`; returns the mock, whose
 * `mock.calls` hold each call's `[url, init]`.
 */
export function mockFetch(handler: (url: string, init?: RequestInit) => FetchAnswer) {
  const fn = jest.fn(async (url: unknown, init?: unknown) => {
    const { status, body } = handler(String(url), init as RequestInit | undefined);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return { ok: status < 300, status, statusText: '', text: async () => text, json: async () => JSON.parse(text) };
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** One request a mocked `fetch` received, its JSON body parsed. */
export interface FetchCall {
  method: string;
  url: string;
  /** Whatever the component sent; a test reads the fields it expects. */
  body?: any;
}
export const fetchCall = (url: string, init?: RequestInit): FetchCall => ({
  method: init?.method ?? 'GET',
  url,
  body: init?.body ? JSON.parse(String(init.body)) : undefined,
});

/** `afterEach` of the form specs: undo every mock (fetch included) and drop the toasts a test left. */
export function restoreMocksAndToasts(): void {
  jest.restoreAllMocks();
  toaster.remove();
}

/** A link as the api returns it: on the default host, no clicks, no controls, no tags; `fields` says what differs. */
export function aLink(fields: Partial<LinkDto> & Pick<LinkDto, 'id' | 'shortCode'>): LinkDto {
  return {
    name: `Link ${fields.shortCode}`,
    originalUrl: `https://example.com/${fields.shortCode}`,
    domain: null,
    domainId: null,
    shortUrl: `http://localhost:8080/s/${fields.shortCode}`,
    clickCount: 0,
    clicksToday: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastClick: null,
    ogTitle: null,
    ogDescription: null,
    ogImage: null,
    expiresAt: null,
    expiredUrl: null,
    maxClicks: null,
    hasPassword: false,
    redirectType: 302,
    rules: [],
    variants: null,
    utm: null,
    tags: [],
    archived: false,
    importedClicks: null,
    ...fields,
  };
}

/** A link row's action handlers, each a jest mock (My Links' rows and their action buttons). */
export const linkActionHandlers = (): LinkActionHandlers => ({
  onShare: jest.fn(),
  onEdit: jest.fn(),
  onDelete: jest.fn(),
  onCopy: jest.fn(),
  onQr: jest.fn(),
  onTag: jest.fn(),
  onArchive: jest.fn(),
});
