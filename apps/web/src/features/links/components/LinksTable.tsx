import type { LinkDto } from '@app/contracts';
import { Badge, Box, Link, Table, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { formatDate } from '../../../lib/dates';
import { ImportedClicks } from './ImportedClicks';
import { shortUrlOf } from '../../../lib/short-url';
import { LinkActions, type LinkActionHandlers } from './LinkActions';
import { RowCheckbox } from './RowCheckbox';
import { LinkTitle } from './LinkTitle';
import { LinkTags } from './LinkTags';
import { SharePanel } from './SharePanel';

interface Props {
  links: LinkDto[];
  showOwner: boolean;
  shareId: string | null;
  handlers: LinkActionHandlers;
  selected: (id: string) => boolean;
  /** Absent for a workspace viewer: no checkboxes (nothing to do with a selection). */
  onSelect?: (ids: string[], on: boolean) => void;
}

/** Wide screens: Link, Original URL, Clicks, Created, Owner (when any link has one), Actions. */
export function LinksTable({ links, showOwner, shareId, handlers, selected, onSelect }: Props) {
  const columns = (showOwner ? 7 : 6) - (onSelect ? 0 : 1);
  const ticked = links.filter((l) => selected(l.id)).length;
  const pageState = ticked === 0 ? false : ticked === links.length ? true : 'indeterminate';
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {onSelect && (
              <Table.ColumnHeader w="8">
                <RowCheckbox
                  label="Select all links on this page"
                  checked={pageState}
                  onChange={(on) =>
                    onSelect(
                      links.map((l) => l.id),
                      on,
                    )
                  }
                />
              </Table.ColumnHeader>
            )}
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
                {onSelect && (
                  <Table.Cell>
                    <RowCheckbox label={`Select ${link.name}`} checked={selected(link.id)} onChange={(on) => onSelect([link.id], on)} />
                  </Table.Cell>
                )}
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
