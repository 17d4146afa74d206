import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useCurrentWorkspace } from '../../api/get-workspaces';
import { TextField } from '../ui/TextField';
import { TitledCard } from '../ui/TitledCard';
import { ShareStatsForm } from './ShareStatsForm';
import { SharesList } from './SharesList';

/**
 * Workspace settings' "Shared stats pages": every shared page of the workspace (links and tags) with revoke, and a
 * new page for a tag (a link's page is made from its Link Analytics screen). docs/product.md "Shared stats".
 */
export function SharesCard() {
  const { canEdit } = useCurrentWorkspace();
  const [tag, setTag] = useState('');
  return (
    <TitledCard
      as="section"
      level="h2"
      title="Shared stats pages"
      description="Public pages showing one link's or one tag's clicks, no account needed."
    >
      <Stack gap="5">
        {canEdit && (
          <Stack gap="3">
            <TextField
              label="Tag to share"
              value={tag}
              onValueChange={setTag}
              maxLength={32}
              helperText="Every link of this workspace carrying the tag."
            />
            {tag.trim() && <ShareStatsForm subject={{ tag: tag.trim() }} />}
          </Stack>
        )}
        <SharesList canEdit={canEdit} />
      </Stack>
    </TitledCard>
  );
}
