import { Text } from '@chakra-ui/react';
import type { LinkDto } from '@app/contracts';
import { countOf } from '../../../lib/numbers';

/** An imported link's click total from its source, shown apart: the exact analytics count only clicks seen here. */
export function ImportedClicks({ link }: { link: Pick<LinkDto, 'importedClicks'> }) {
  if (!link.importedClicks) return null;
  return (
    <Text as="span" display="block" fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="imported-clicks">
      {`${countOf(link.importedClicks, 'click')} before import`}
    </Text>
  );
}
