import { Card } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ListBody } from './ListBody';
import { RankedList, type RankedItem, type RankedListProps } from './RankedList';

interface RankedCardProps {
  title: string;
  items: RankedItem[];
  /** Shown when there are no items. */
  empty: ReactNode;
  loading?: boolean;
  /** Shown while loading, e.g. `<SkeletonRows />`. */
  placeholder?: ReactNode;
  /** The list's own props: its bar colour, element, height. */
  list: Omit<RankedListProps, 'items'>;
}

/** A titled card holding a RankedList, with the list's loading and empty states. */
export function RankedCard({ title, items, empty, loading, placeholder, list }: RankedCardProps) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        <ListBody loading={loading} placeholder={placeholder} count={items.length} empty={empty}>
          <RankedList items={items} {...list} />
        </ListBody>
      </Card.Body>
    </Card.Root>
  );
}
