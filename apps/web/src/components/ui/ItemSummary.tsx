import { Box, Flex, HStack, Text, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface ItemSummaryProps {
  /** The item's name, in bold. */
  title: ReactNode;
  /** How the name breaks and looks (a URL in mono, say). */
  titleProps?: TextProps;
  /** Badges beside the name (status, expiry). */
  badges?: ReactNode;
  /** The item's buttons, on the right (wrapping under the text on narrow screens). */
  actions: ReactNode;
  /** Lines under the name: what it covers, its dates. */
  children?: ReactNode;
}

/** The top of an item in a settings list: name and badges, lines under them, its buttons on the right. */
export function ItemSummary({ title, titleProps, badges, actions, children }: ItemSummaryProps) {
  return (
    <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" wordBreak="break-all" {...titleProps}>
            {title}
          </Text>
          {badges}
        </HStack>
        {children}
      </Box>
      {actions}
    </Flex>
  );
}
