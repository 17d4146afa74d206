import type { LinkDto } from '@app/contracts';
import { Badge, Box, Link, Table, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { formatDate } from '../../../lib/dates';
import { ImportedClicks } from './ImportedClicks';
import { shortUrlOf } from '../../../lib/short-url';
import { LinkActions, type LinkActionHandlers } from './LinkActions';
import { LinkTitle } from './LinkTitle';
import { LinkTags } from './LinkTags';
import { SharePanel } from './SharePanel';

interface Props {
  links: LinkDto[];
  showOwner: boolean;
  shareId: string | null;
  handlers: LinkActionHandlers;
}

/** Wide screens: Link, Original URL, Clicks, Created, Owner (when any link has one), Actions. */
export function LinksTable({ links, showOwner, shareId, handlers }: Props) {
  const columns = showOwner ? 6 : 5;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Link</Table.ColumnHeader>
            <Table.ColumnHeader>Original URL</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Clicks</Table.ColumnHeader>
            <Table.ColumnHeader>Created</Table.ColumnHeader>
            {showOwner && <Table.ColumnHeader>Owner</Table.ColumnHeader>}
            <Table.ColumnHeader>Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {links.map((link) => (
            <Fragment key={link.id}>
              <Table.Row data-testid="link-row">
                <Table.Cell maxW="16rem">
                  <LinkTitle link={link} />
                  <Text fontSize="sm" color="blue.fg" truncate>
                    {shortUrlOf(link)}
                  </Text>
                  <LinkTags tags={link.tags} onSelect={handlers.onTag} />
                </Table.Cell>
                <Table.Cell maxW="18rem">
                  <Link href={link.originalUrl} target="_blank" rel="noopener noreferrer" fontSize="sm" display="block" truncate>
                    {link.originalUrl}
                  </Link>
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="link-clicks">
                  {link.clickCount}
                  <ImportedClicks link={link} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(link.createdAt)}</Table.Cell>
                {showOwner && <Table.Cell>{link.ownerUsername ? <Badge>{link.ownerUsername}</Badge> : null}</Table.Cell>}
                <Table.Cell>
                  <LinkActions link={link} shareOpen={shareId === link.id} handlers={handlers} />
                </Table.Cell>
              </Table.Row>
              {shareId === link.id && (
                <Table.Row>
                  <Table.Cell colSpan={columns}>
                    <Box>
                      <SharePanel link={link} />
                    </Box>
                  </Table.Cell>
                </Table.Row>
              )}
            </Fragment>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
