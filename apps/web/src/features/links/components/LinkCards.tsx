import type { LinkDto } from '@app/contracts';
import { Badge, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '../../../lib/dates';
import { ImportedClicks } from './ImportedClicks';
import { shortUrlOf } from '../../../lib/short-url';
import { LinkActions, type LinkActionHandlers } from './LinkActions';
import { RowCheckbox } from './RowCheckbox';
import { LinkTitle } from './LinkTitle';
import { LinkTags } from './LinkTags';
import { SharePanel } from './later-parts';

/** Small screens: one card per link. */
export function LinkCards({
  links,
  shareId,
  handlers,
  selected,
  onSelect,
}: {
  links: LinkDto[];
  shareId: string | null;
  handlers: LinkActionHandlers;
  selected: (id: string) => boolean;
  /** Absent for a workspace viewer: no checkboxes. */
  onSelect?: (ids: string[], on: boolean) => void;
}) {
  return (
    <Stack gap="3">
      {links.map((link) => (
        <Card.Root key={link.id} size="sm" data-testid="link-card">
          <Card.Body>
            <Stack gap="2">
              <Flex justify="space-between" gap="2">
                <Flex gap="2" align="center" minW="0">
                  {onSelect && <RowCheckbox label={`Select ${link.name}`} checked={selected(link.id)} onChange={(on) => onSelect([link.id], on)} />}
                  <LinkTitle link={link} />
                </Flex>
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
