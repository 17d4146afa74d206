import type { LinkDto } from '@app/contracts';
import { Flex, Text } from '@chakra-ui/react';
import { LinkControlIcons } from './LinkControlIcons';

/** The link's name with the icons of the controls it uses (password, expiry, variants…). */
export function LinkTitle({ link }: { link: LinkDto }) {
  return (
    <Flex gap="2" align="center" minW="0">
      <Text fontWeight="semibold" truncate>
        {link.name}
      </Text>
      <LinkControlIcons link={link} />
    </Flex>
  );
}
