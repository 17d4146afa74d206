import type { DomainDto } from '@app/contracts';
import { Badge, Box, Button, Flex, HStack, Input, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ItemSummary } from '../../../components/ui/ItemSummary';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { RowActions } from '../../../components/ui/RowActions';
import { formatDate } from '../../../lib';
import { useDeleteDomain } from '../api/delete-domain';
import { useRegenerateSsl } from '../api/regenerate-ssl';
import { useUpdateDomain } from '../api/update-domain';
import { acceptDomain } from '../lib/accept-domain';
import { DomainVerification } from './DomainVerification';

export const deleteDomainConfirmation = (domain: string) => `Are you sure you want to delete "${domain}"? This action cannot be undone.`;

/** One domain: badges, 'Added on', SSL generate/regenerate, inline edit (Update/Cancel), delete with confirm. */
export function DomainItem({ domain }: { domain: DomainDto }) {
  const { canEdit } = useCurrentWorkspace();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(domain.domain);
  const update = useUpdateDomain();
  const remove = useDeleteDomain();
  const ssl = useRegenerateSsl();

  const save = (e: FormEvent) => {
    e.preventDefault();
    const name = acceptDomain(draft);
    if (name) update.mutate({ id: domain.id, domain: name }, { onSuccess: () => setEditing(false) });
  };
  const [confirming, setConfirming] = useState(false);

  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="4" data-testid="domain-item">
      {editing ? (
        <form onSubmit={save}>
          <Flex gap="2" wrap="wrap">
            <Input
              flex="1"
              minW="12rem"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              aria-label={`New name for ${domain.domain}`}
              autoFocus
            />
            <HStack>
              <Button type="submit" size="sm" loading={update.isPending}>
                Update
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setEditing(false);
                  setDraft(domain.domain);
                }}
              >
                Cancel
              </Button>
            </HStack>
          </Flex>
        </form>
      ) : (
        <ItemSummary
          title={domain.domain}
          badges={
            <>
              <Badge colorPalette={domain.isActive ? 'green' : 'gray'}>{domain.isActive ? 'Active' : 'Inactive'}</Badge>
              {domain.verification.status !== 'verified' ? (
                <Badge colorPalette={domain.verification.status === 'expired' ? 'red' : 'yellow'} variant="subtle">
                  {domain.verification.status === 'expired' ? 'Verification expired' : 'Pending verification'}
                </Badge>
              ) : null}
              <Badge colorPalette={domain.sslCertificate.exists ? 'blue' : 'orange'} variant="subtle" data-testid="ssl-badge">
                {domain.sslCertificate.exists ? `SSL: ${domain.sslCertificate.generated ?? 'Generated'}` : 'No SSL Certificate'}
              </Badge>
            </>
          }
          actions={
            canEdit && (
              <RowActions label={`Actions for ${domain.domain}`}>
                <Button size="sm" variant="outline" loading={ssl.isPending} onClick={() => ssl.mutate({ id: domain.id, domain: domain.domain })}>
                  {domain.sslCertificate.exists ? 'Regenerate SSL' : 'Generate SSL'}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setDraft(domain.domain);
                    setEditing(true);
                  }}
                >
                  Edit
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" loading={remove.isPending} onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              </RowActions>
            )
          }
        >
          <Text fontSize="sm" color="fg.muted" mt="1">{`Added on ${formatDate(domain.createdAt)}`}</Text>
        </ItemSummary>
      )}
      {editing ? null : <DomainVerification domain={domain} />}
      <ConfirmDialog
        open={confirming}
        title="Delete Custom Domain"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate(domain.id, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        {deleteDomainConfirmation(domain.domain)}
      </ConfirmDialog>
    </Box>
  );
}
