import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <Box display="flex" flexWrap="wrap" gap="3" alignItems="center" justifyContent="space-between" mb="6">
      <Box>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {subtitle && <Text color="fg.muted">{subtitle}</Text>}
      </Box>
      {children}
    </Box>
  );
}
