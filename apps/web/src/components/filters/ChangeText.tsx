import { Text } from '@chakra-ui/react';
import { changeOf } from '../../lib/analytics-filters';

interface ChangeTextProps {
  now: number | undefined;
  before: number | undefined;
  /** What the figure is compared with: `vs yesterday`, `vs period before`. */
  vs: string;
}

/**
 * A stat card's change against the period before (`+12% vs yesterday`, red when down); nothing while either figure is
 * unknown or both are 0 (docs/product.md#analytics-filters).
 */
export function ChangeText({ now, before, vs }: ChangeTextProps) {
  const change = now === undefined || before === undefined ? null : changeOf(now, before);
  if (!change) return null;
  return (
    <Text as="span" display="block" fontSize="xs" color={change.startsWith('-') ? 'red.fg' : 'green.fg'} data-testid="stat-change">
      {`${change} ${vs}`}
    </Text>
  );
}
