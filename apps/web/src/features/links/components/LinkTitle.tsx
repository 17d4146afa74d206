import type { LinkDto } from '@app/contracts';
import { Badge, Flex, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LinkControlIcons } from './LinkControlIcons';

/** The link's name, opening its analytics, with the icons of the controls it uses (password, expiry, variants…). */
export function LinkTitle({ link }: { link: LinkDto }) {
  return (
    <Flex gap="2" align="center" minW="0">
      <Link asChild fontWeight="semibold" truncate color="fg">
        <RouterLink to={`/links/${link.id}/analytics`} aria-label={`Analytics for ${link.name}`}>
          {link.name}
        </RouterLink>
      </Link>
      {link.archived && (
        <Badge size="sm" variant="subtle">
          Archived
        </Badge>
      )}
      <LinkControlIcons link={link} />
    </Flex>
  );
}
