import type { LinkDto } from '@app/contracts';
import { Box, Flex, Tooltip } from '@chakra-ui/react';
import { Clock, Lock, Signpost, Split } from 'lucide-react';
import { controlIcons, type ControlIconKind } from '../lib/control-icons';

const GLYPHS: Record<ControlIconKind, typeof Clock> = { expiry: Clock, password: Lock, rules: Signpost, variants: Split };

/** Expiry / password / rules / variants icons, each with a tooltip naming what it means. */
export function LinkControlIcons({ link }: { link: LinkDto }) {
  const icons = controlIcons(link);
  if (icons.length === 0) return null;
  return (
    <Flex gap="1.5" align="center" data-testid="link-control-icons">
      {icons.map((icon) => {
        const Glyph = GLYPHS[icon.kind];
        return (
          <Tooltip.Root key={icon.kind} openDelay={100}>
            <Tooltip.Trigger asChild>
              <Box
                as="span"
                role="img"
                aria-label={icon.label}
                tabIndex={0}
                data-control={icon.kind}
                color={icon.alert ? 'red.fg' : 'fg.muted'}
                display="inline-flex"
                borderRadius="sm"
                _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
              >
                <Glyph size={15} aria-hidden="true" />
              </Box>
            </Tooltip.Trigger>
            <Tooltip.Positioner>
              <Tooltip.Content>{icon.label}</Tooltip.Content>
            </Tooltip.Positioner>
          </Tooltip.Root>
        );
      })}
    </Flex>
  );
}
