import { Flex, type FlexProps } from '@chakra-ui/react';

/** A bordered list item: what it is on the left, its actions on the right (stacked under it below `md`). */
export function RowCard(props: FlexProps) {
  return (
    <Flex
      as="li"
      listStyleType="none"
      justify="space-between"
      align={{ base: 'flex-start', md: 'center' }}
      direction={{ base: 'column', md: 'row' }}
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      {...props}
    />
  );
}
