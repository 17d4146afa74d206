import { Skeleton, Stack, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListBody } from './ListBody';

interface QueryListProps<T> {
  /** The query whose items are listed. */
  query: UseQueryResult<T[]>;
  /** The list's accessible name. */
  label?: string;
  /** Shown when the query answered no items; `emptyPy` pads it. */
  empty: ReactNode;
  emptyPy?: string;
  /** Shown while loading; one grey bar when absent. */
  placeholder?: ReactNode;
  /** One `<li>` an item (with its key). */
  children: (item: T) => ReactNode;
}

/** A settings list read by one query: a grey bar while loading, the error, a muted line when empty, else the items. */
export function QueryList<T>({ query, label, empty, emptyPy, placeholder = <Skeleton h="16" />, children }: QueryListProps<T>) {
  if (query.isError) return <Text color="fg.error">{query.error.message}</Text>;
  const items = query.data ?? [];
  return (
    <ListBody loading={query.isPending} placeholder={placeholder} count={items.length} empty={empty} emptyPy={emptyPy}>
      <Stack as="ul" gap="3" m="0" p="0" aria-label={label}>
        {items.map(children)}
      </Stack>
    </ListBody>
  );
}
