import { Badge } from '@chakra-ui/react';
import { statusTone, TONE_PALETTE } from '../lib/status-color';

export function StatusBadge({ value }: { value: string | null | undefined }) {
  const tone = statusTone(value);
  return (
    <Badge colorPalette={TONE_PALETTE[tone]} variant="subtle" data-tone={tone} textTransform="capitalize">
      {value ?? 'unknown'}
    </Badge>
  );
}
