import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from './components/ui/toaster';
import { createQueryClient } from './lib/query-client';

/** Render inside Chakra + a fresh QueryClient (SPEC defaults) + the toaster. */
export function renderWithProviders(ui: ReactElement) {
  const client = createQueryClient();
  return { client, ...render(
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={client}>
        {ui}
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  ) };
}
