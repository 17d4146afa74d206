import { ChakraProvider } from '@chakra-ui/react';
import { system } from './system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ColorModeProvider } from '../components/ui/color-mode';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { AuthProvider } from './auth-provider';

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            {children}
            <Toaster />
          </AuthProvider>
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
