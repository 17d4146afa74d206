import { Badge, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useState } from 'react';
import { usePageVisibility } from '../../../lib';
import { useSystemStatus } from '../api/get-system-status';
import { rebuiltMessage, useRebuildProjections } from '../api/rebuild-projections';
import { retriedMessage, useRetryFailedJobs } from '../api/retry-failed-jobs';
import { useWarmCache, warmedMessage } from '../api/warm-cache';
import { ActionCard } from '../components/ActionCard';
import { QueueCard } from '../components/QueueCard';
import { WorkersCard } from '../components/WorkersCard';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Results = Partial<Record<'retry' | 'rebuild' | 'warm', string>>;

export default function SystemManagementPage() {
  useDocumentTitle('System Management - LinkPulse');
  const visible = usePageVisibility();
  const status = useSystemStatus(visible);
  const retry = useRetryFailedJobs();
  const rebuild = useRebuildProjections();
  const warm = useWarmCache();
  const [results, setResults] = useState<Results>({});
  const s = status.data;
  const note = (key: keyof Results, text: string) => setResults((r) => ({ ...r, [key]: text }));

  return (
    <Stack gap="6">
      <PageHeader layout="stack" title="System Management" subtitle="Click queue, workers and maintenance of the read models and redirect cache">
        <HStack>
          <Text fontSize="sm">Redis</Text>
          <Badge colorPalette={s?.redis === 'connected' ? 'green' : s ? 'red' : 'gray'} variant="subtle">
            {s?.redis ?? 'checking'}
          </Badge>
          <Badge colorPalette={visible ? 'green' : 'gray'}>{visible ? 'Live' : 'Paused'}</Badge>
        </HStack>
      </PageHeader>
      {status.isError && <Text color="red.fg">Failed to load the system status.</Text>}

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <QueueCard title="Click Queue" description="Clicks waiting to be enriched and counted by the workers" queue={s?.queue} />
        <QueueCard title="Maintenance Queue" description="Hourly health checks and projection rebuilds" queue={s?.maintenance} />
      </SimpleGrid>
      <WorkersCard workers={s?.workers} liveSockets={s?.liveSockets} />

      <Card.Root>
        <Card.Header>
          <Card.Title>Maintenance</Card.Title>
          <Card.Description>Each action asks for confirmation and reports what it did</Card.Description>
        </Card.Header>
        <Card.Body>
          <Stack as="ul" gap="3" m="0" p="0">
            <ActionCard
              label="Retry failed jobs"
              description="Put every failed click job back on the queue. Clicks are counted once, however often a job runs."
              confirmTitle="Retry failed click jobs?"
              confirmText={<Text>{`${s?.queue.failed ?? 0} failed jobs will be retried.`}</Text>}
              busy={retry.isPending}
              lastResult={results.retry}
              run={(done) => retry.mutate(undefined, { onSuccess: (r) => note('retry', retriedMessage(r.retried)), onSettled: done })}
            />
            <ActionCard
              label="Rebuild projections"
              description="Empty the read models and replay every event from the event store."
              confirmTitle="Rebuild projections from the event store?"
              confirmText={<Text>The read models are rebuilt in one transaction; screens show the same data afterwards.</Text>}
              busy={rebuild.isPending}
              lastResult={results.rebuild}
              run={(done) => rebuild.mutate(undefined, { onSuccess: (r) => note('rebuild', rebuiltMessage(r)), onSettled: done })}
            />
            <ActionCard
              label="Warm redirect cache"
              description="Load every link into the Redis redirect cache so first clicks are served without a database lookup."
              confirmTitle="Warm the redirect cache?"
              confirmText={<Text>Every active link is written into the redirect cache.</Text>}
              busy={warm.isPending}
              lastResult={results.warm}
              run={(done) => warm.mutate(undefined, { onSuccess: (r) => note('warm', warmedMessage(r.warmed)), onSettled: done })}
            />
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
