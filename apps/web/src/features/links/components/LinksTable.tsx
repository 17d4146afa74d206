import type { LinkDto } from '@app/contracts';
import { Badge, Table } from '@chakra-ui/react';
import { memo, useMemo, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FLEX_CENTER, useChakraClasses } from '../../../components/ui/chakra-classes';
import { formatDate } from '../../../lib/dates';
import { ImportedClicks } from './ImportedClicks';
import { shortUrlOf } from '../../../lib/short-url';
import { LinkActions, type LinkActionHandlers } from './LinkActions';
import { LinkControlIcons } from './LinkControlIcons';
import { RowCheckbox } from './RowCheckbox';
import { LinkTags } from './LinkTags';
import { SharePanel } from './later-parts';

interface Props {
  links: LinkDto[];
  showOwner: boolean;
  shareId: string | null;
  handlers: LinkActionHandlers;
  selected: (id: string) => boolean;
  /** Absent for a workspace viewer: no checkboxes (nothing to do with a selection). */
  onSelect?: (ids: string[], on: boolean) => void;
}

/**
 * Wide screens: Link, Original URL, Clicks, Created, Owner (when any link has one), Actions. The markup and classes of
 * a `DataTable` (`Table.Root size="sm"`), its rows drawn as plain elements with the classes Chakra's components would
 * give them, each row redrawn only when its link, tick or share panel changes (docs/performance-history.md, "A
 * team's volume of links", sixth pass).
 */
export function LinksTable({ links, showOwner, shareId, handlers, selected, onSelect }: Props) {
  const ticked = links.filter((l) => selected(l.id)).length;
  const pageState = ticked === 0 ? false : ticked === links.length ? true : 'indeterminate';
  // the rows keep one set of callbacks, which call the page's latest ones
  const latest = useRef({ handlers, onSelect });
  latest.current = { handlers, onSelect };
  const rowHandlers = useMemo<LinkActionHandlers>(
    () => ({
      onShare: (l) => latest.current.handlers.onShare(l),
      onEdit: (l) => latest.current.handlers.onEdit(l),
      onDelete: (l) => latest.current.handlers.onDelete(l),
      onCopy: (l) => latest.current.handlers.onCopy(l),
      onQr: (l) => latest.current.handlers.onQr(l),
      onTag: (t) => latest.current.handlers.onTag(t),
      onArchive: (l, archived) => latest.current.handlers.onArchive(l, archived),
    }),
    [],
  );
  const rowSelect = useMemo(() => (ids: string[], on: boolean) => latest.current.onSelect?.(ids, on), []);
  const headers: { label: ReactNode; end?: boolean; w?: string }[] = [
    ...(onSelect
      ? [
          {
            label: (
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
            w: '8',
          },
        ]
      : []),
    { label: 'Link' },
    { label: 'Original URL' },
    { label: 'Clicks', end: true },
    { label: 'Created' },
    ...(showOwner ? [{ label: 'Owner' }] : []),
    { label: 'Actions' },
  ];
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {headers.map((h, i) => (
              <Table.ColumnHeader key={i} textAlign={h.end ? 'end' : undefined} w={h.w}>
                {h.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {links.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              checked={selected(link.id)}
              shareOpen={shareId === link.id}
              showOwner={showOwner}
              columns={headers.length}
              handlers={rowHandlers}
              onSelect={onSelect ? rowSelect : undefined}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

interface RowProps {
  link: LinkDto;
  checked: boolean;
  shareOpen: boolean;
  showOwner: boolean;
  columns: number;
  handlers: LinkActionHandlers;
  onSelect?: (ids: string[], on: boolean) => void;
}

/**
 * One link: what `DataTable` drew with `Table.Cell`, `LinkTitle`, `Text` and `Link` (the same classes), as plain
 * elements; its share panel under it when open.
 */
export const LinkRow = memo(function LinkRow({ link, checked, shareOpen, showOwner, columns, handlers, onSelect }: RowProps) {
  const cls = useChakraClasses('link-row', ({ slot, recipe, styled }) => {
    const table = slot('table', { size: 'sm' });
    return {
      row: table('row'),
      cell: table('cell'),
      link: table('cell', { maxW: '16rem' }),
      url: table('cell', { maxW: '18rem' }),
      clicks: table('cell', { textAlign: 'end' }),
      created: table('cell', { whiteSpace: 'nowrap' }),
      // LinkTitle: <Flex gap="2" align="center" minW="0"><Link asChild fontWeight="semibold" truncate color="fg">
      title: styled(FLEX_CENTER, { gap: '2', minW: '0' }),
      name: recipe('link', { fontWeight: 'semibold', truncate: true, color: 'fg' }),
      // <Text fontSize="sm" color="blue.fg" truncate>
      short: recipe('text', { fontSize: 'sm', color: 'blue.fg', truncate: true }),
      // <Link fontSize="sm" display="block" truncate>
      original: recipe('link', { fontSize: 'sm', display: 'block', truncate: true }),
    };
  });
  return (
    <>
      <tr data-testid="link-row" className={cls.row}>
        {onSelect && (
          <td className={cls.cell}>
            <RowCheckbox label={`Select ${link.name}`} checked={checked} onChange={(on) => onSelect([link.id], on)} />
          </td>
        )}
        <td className={cls.link}>
          <div className={cls.title}>
            <RouterLink to={`/links/${link.id}/analytics`} aria-label={`Analytics for ${link.name}`} className={cls.name}>
              {link.name}
            </RouterLink>
            {link.archived && (
              <Badge size="sm" variant="subtle">
                Archived
              </Badge>
            )}
            <LinkControlIcons link={link} />
          </div>
          <p className={cls.short}>{shortUrlOf(link)}</p>
          <LinkTags tags={link.tags} onSelect={handlers.onTag} />
        </td>
        <td className={cls.url}>
          <a href={link.originalUrl} target="_blank" rel="noopener noreferrer" className={cls.original}>
            {link.originalUrl}
          </a>
        </td>
        <td className={cls.clicks} data-testid="link-clicks">
          {link.clickCount}
          <ImportedClicks link={link} />
        </td>
        <td className={cls.created}>{formatDate(link.createdAt)}</td>
        {showOwner && <td className={cls.cell}>{link.ownerUsername ? <Badge>{link.ownerUsername}</Badge> : null}</td>}
        <td className={cls.cell}>
          <LinkActions link={link} shareOpen={shareOpen} handlers={handlers} />
        </td>
      </tr>
      {shareOpen && (
        <Table.Row>
          <Table.Cell colSpan={columns}>
            <SharePanel link={link} />
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
});
