import type { ShareDto } from '@app/contracts';
import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useRevokeShare, useShares } from '../../api/shares';
import { formatDate } from '../../lib/dates';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ListBody } from '../ui/ListBody';

const subjectOf = (s: ShareDto) => (s.linkId ? `Link: ${s.linkName ?? 'deleted link'}` : `Tag: ${s.tag}`);
const isExpired = (s: ShareDto) => s.expiresAt !== null && Date.parse(s.expiresAt) <= Date.now();

/** The workspace's shared pages (or one link's): what each shows, password and expiry; editors revoke (after a question). */
export function SharesList({ linkId, canEdit }: { linkId?: string; canEdit: boolean }) {
  const shares = useShares(linkId);
  const revoke = useRevokeShare();
  const [asked, setAsked] = useState<ShareDto | null>(null);
  const list = shares.data ?? [];
  return (
    <>
      <ListBody loading={shares.isPending} count={list.length} empty="No shared pages yet">
        <Stack as="ul" gap="2" m="0" p="0" listStyleType="none" aria-label="Shared pages">
          {list.map((s) => (
            <Flex as="li" key={s.id} align="center" gap="2" wrap="wrap">
              <Stack gap="0" flex="1" minW="12rem">
                <Text fontWeight="medium">{subjectOf(s)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  Created {formatDate(s.createdAt)}
                  {s.expiresAt ? ` · ${isExpired(s) ? 'expired' : 'expires'} ${formatDate(s.expiresAt)}` : ' · no expiry'}
                </Text>
              </Stack>
              {s.hasPassword && <Badge>Password</Badge>}
              {canEdit && (
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => setAsked(s)}>
                  Revoke
                </Button>
              )}
            </Flex>
          ))}
        </Stack>
      </ListBody>
      <ConfirmDialog
        open={asked !== null}
        title="Revoke this shared page?"
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={() => asked && revoke.mutate(asked.id, { onSettled: () => setAsked(null) })}
        onClose={() => setAsked(null)}
      >
        Its address stops working at once for everyone who has it.
      </ConfirmDialog>
    </>
  );
}
