import type { LinkDto } from '@app/contracts';
import { Badge, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '../../../lib/dates';
import { ImportedClicks } from './ImportedClicks';
import { shortUrlOf } from '../../../lib/short-url';
import { LinkActions, type LinkActionHandlers } from './LinkActions';
import { LinkTitle } from './LinkTitle';
import { LinkTags } from './LinkTags';
import { SharePanel } from './SharePanel';

/** Small screens: one card per link. */
export function LinkCards({ links, shareId, handlers }: { links: LinkDto[]; shareId: string | null; handlers: LinkActionHandlers }) {
  return (
    <Stack gap="3">
      {links.map((link) => (
        <Card.Root key={link.id} size="sm" data-testid="link-card">
          <Card.Body>
            <Stack gap="2">
              <Flex justify="space-between" gap="2">
                <LinkTitle link={link} />
                <Badge colorPalette="blue" flexShrink={0} data-testid="link-clicks">
                  {link.clickCount} clicks
                </Badge>
              </Flex>
              <Text fontSize="sm" color="blue.fg" truncate>
                {shortUrlOf(link)}
              </Text>
              <Text fontSize="sm" color="fg.muted" truncate>
                {link.originalUrl}
              </Text>
              <LinkTags tags={link.tags} onSelect={handlers.onTag} />
              <Flex gap="2" fontSize="xs" color="fg.muted">
                <Text>Created {formatDate(link.createdAt)}</Text>
                <ImportedClicks link={link} />
                {link.ownerUsername && <Badge size="sm">{link.ownerUsername}</Badge>}
              </Flex>
              <LinkActions link={link} shareOpen={shareId === link.id} handlers={handlers} />
              {shareId === link.id && <SharePanel link={link} />}
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
