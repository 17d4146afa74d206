import type { LinkDto } from '@app/contracts';
import { Badge, Link, Text, type TableCellProps } from '@chakra-ui/react';
import { DataTable, type Column } from '../../../components/ui/DataTable';
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
  const ticked = links.filter((l) => selected(l.id)).length;
  const pageState = ticked === 0 ? false : ticked === links.length ? true : 'indeterminate';
  const columns: (Column<LinkDto> | false | undefined)[] = [
    onSelect && {
      header: (
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
      ),
      cell: (link) => <RowCheckbox label={`Select ${link.name}`} checked={selected(link.id)} onChange={(on) => onSelect([link.id], on)} />,
      headerProps: { w: '8' },
    },
    {
      header: 'Link',
      cell: (link) => (
        <>
          <LinkTitle link={link} />
          <Text fontSize="sm" color="blue.fg" truncate>
            {shortUrlOf(link)}
          </Text>
          <LinkTags tags={link.tags} onSelect={handlers.onTag} />
        </>
      ),
      cellProps: { maxW: '16rem' },
    },
    {
      header: 'Original URL',
      cell: (link) => (
        <Link href={link.originalUrl} target="_blank" rel="noopener noreferrer" fontSize="sm" display="block" truncate>
          {link.originalUrl}
        </Link>
      ),
      cellProps: { maxW: '18rem' },
    },
    {
      header: 'Clicks',
      numeric: true,
      cell: (link) => (
        <>
          {link.clickCount}
          <ImportedClicks link={link} />
        </>
      ),
      cellProps: { 'data-testid': 'link-clicks' } as TableCellProps,
    },
    { header: 'Created', cell: (link) => formatDate(link.createdAt), cellProps: { whiteSpace: 'nowrap' } },
    showOwner && { header: 'Owner', cell: (link) => (link.ownerUsername ? <Badge>{link.ownerUsername}</Badge> : null) },
    { header: 'Actions', cell: (link) => <LinkActions link={link} shareOpen={shareId === link.id} handlers={handlers} /> },
  ];
  return (
    <DataTable
      columns={columns}
      rows={links}
      rowKey={(link) => link.id}
      rowTestId="link-row"
      expanded={(link) => shareId === link.id && <SharePanel link={link} />}
      scroll={{ borderWidth: '1px', borderRadius: 'md', bg: 'bg' }}
    />
  );
}
