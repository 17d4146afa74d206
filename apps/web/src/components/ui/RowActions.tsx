import { HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The buttons of one row (a domain, a user, a webhook): kept on one line, never one word per line, at the
 * product's button height; the row moves them under its text on a narrow screen instead.
 */
export function RowActions({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <HStack gap="2" flexWrap="nowrap" flexShrink={0} whiteSpace="nowrap" role="group" aria-label={label} data-testid="row-actions">
      {children}
    </HStack>
  );
}
