import { Badge, Box, Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../lib';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { isExpired } from '../lib/expiry';
import type { ApiKeyDto } from '@app/contracts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CodeBadges } from '../../../components/ui/CodeBadges';
import { ItemSummary } from '../../../components/ui/ItemSummary';

/** One key: name, scopes, created / expires / last used, Revoke (with confirmation). */
export function ApiKeyItem({ apiKey }: { apiKey: ApiKeyDto }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeApiKey();
  const expired = isExpired(apiKey.expiresAt);
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="4" data-testid="api-key-item" data-name={apiKey.name}>
      <ItemSummary
        title={apiKey.name}
        titleProps={{ wordBreak: 'break-word' }}
        badges={expired && <Badge colorPalette="red">Expired</Badge>}
        actions={
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
            Revoke
          </Button>
        }
      >
        <CodeBadges label="Scopes" values={apiKey.scopes} colorPalette="blue" />
        <Text fontSize="sm" color="fg.muted" mt="2">
          {`Created ${formatDate(apiKey.createdAt)} · Expires ${apiKey.expiresAt ? formatDate(apiKey.expiresAt) : 'Never'} · Last used ${apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Never'}`}
        </Text>
      </ItemSummary>
      <ConfirmDialog
        destructive
        open={confirming}
        title="Revoke API Key"
        confirmLabel="Revoke Key"
        busy={revoke.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => revoke.mutate(apiKey.id, { onSettled: () => setConfirming(false) })}
      >
        {`Programs using "${apiKey.name}" get 401 from their next request. This cannot be undone.`}
      </ConfirmDialog>
    </Box>
  );
}
