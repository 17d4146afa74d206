import { Badge } from '@chakra-ui/react';
import { classifyReferrer, REFERRER_BADGE, referrerLabel } from '../lib/referrer';

export function ReferrerBadge({ referrer }: { referrer: string | null }) {
  const kind = classifyReferrer(referrer);
  const style = REFERRER_BADGE[kind];
  return (
    <Badge colorPalette={style.colorPalette} variant={style.variant} data-referrer-kind={kind} maxW="full" truncate title={referrer ?? undefined}>
      {referrerLabel(referrer)}
    </Badge>
  );
}
