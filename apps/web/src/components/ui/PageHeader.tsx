import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Actions shown beside the title. */
  children?: ReactNode;
  /**
   * 'wrap': the actions wrap under the title when there is no room, with a margin below the header.
   * 'stack': below `md` the actions stack under the title, no margin (for pages that space their sections with a Stack).
   */
  layout?: 'wrap' | 'stack';
}

/** A page's h1 with its one-line description and its actions. */
export function PageHeader({ title, subtitle, children, layout = 'wrap' }: PageHeaderProps) {
  const heading = (
    <Box>
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {subtitle && <Text color="fg.muted">{subtitle}</Text>}
    </Box>
  );
  if (layout === 'stack') {
    if (!children) return heading;
    return (
      <Flex justify="space-between" gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
        {heading}
        {children}
      </Flex>
    );
  }
  return (
    <Box display="flex" flexWrap="wrap" gap="3" alignItems="center" justifyContent="space-between" mb="6">
      {heading}
      {children}
    </Box>
  );
}
