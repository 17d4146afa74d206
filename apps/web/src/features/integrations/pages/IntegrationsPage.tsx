import { Stack } from '@chakra-ui/react';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ApiKeysCard } from '../components/ApiKeysCard';
import { ExportCard } from '../components/ExportCard';
import { ImportCard } from '../components/ImportCard';
import { WebhooksCard } from '../components/WebhooksCard';

/** /integrations (docs/product.md#integrations): API keys, webhooks, import and export (a workspace viewer: export only). */
export default function IntegrationsPage() {
  const { canEdit } = useCurrentWorkspace();
  useDocumentTitle('Integrations - LinkPulse', 'API keys, webhooks, imports and exports for your links.');
  return (
    <>
      <PageHeader title="Integrations" subtitle="Connect scripts and other products to your links" />
      <Stack gap="6">
        {canEdit && (
          <>
            <ApiKeysCard />
            <WebhooksCard />
            <ImportCard />
          </>
        )}
        <ExportCard />
      </Stack>
    </>
  );
}
