import { Text } from '@chakra-ui/react';
import { RankedCard } from '../../../components/ui/RankedCard';
import { countOf } from '../../../lib/numbers';

export interface TopRow {
  key: string;
  label: string;
  ipCount: number;
  clickCount: number;
}

export function TopList({ title, rows, empty }: { title: string; rows: TopRow[]; empty: string }) {
  return (
    <RankedCard
      title={title}
      empty={empty}
      list={{ as: 'ol', color: 'teal.solid' }}
      items={rows.map((r) => ({
        key: r.key,
        label: r.label,
        figure: <Text flexShrink={0} color="fg.muted">{`${countOf(r.ipCount, 'IP')} · ${countOf(r.clickCount, 'click')}`}</Text>,
        value: r.ipCount,
      }))}
    />
  );
}
