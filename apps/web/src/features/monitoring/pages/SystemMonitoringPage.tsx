import type { ReactNode } from 'react';
import { Button, Card, Flex, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { SkeletonRows } from '../../../components/ui/ListBody';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatDateTime } from '../../../lib';
import { useForceRecover } from '../api/force-recover';
import { useHealth } from '../api/get-health';
import { ConfigurationCard } from '../components/ConfigurationCard';
import { StatusBadge } from '../components/StatusBadge';
import { useDocumentTitle } from '../../../lib/use-document-title';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap="3" py="1">
      <Text>{label}</Text>
      {children}
    </Flex>
  );
}

export default function SystemMonitoringPage() {
  useDocumentTitle('System Monitoring - LinkPulse');
  const health = useHealth();
  const recover = useForceRecover();
  const h = health.data;
  return (
    <Stack gap="6">
      <PageHeader layout="stack" title="System Monitoring" subtitle="Database connection health and automatic recovery">
        <Button onClick={() => recover.mutate()} loading={recover.isPending} loadingText="Checking...">
          Force Check
        </Button>
      </PageHeader>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Card.Title>System Status</Card.Title>
          </Card.Header>
          <Card.Body>
            {health.isPending ? (
              <SkeletonRows count={4} h="6" gap="2" />
            ) : health.isError ? (
              <Text color="red.fg">Unable to reach the server's health check.</Text>
            ) : (
              <Stack gap="1" data-testid="system-status">
                {(
                  [
                    ['Overall', h?.status],
                    ['Database', h?.database],
                    ['Server', h?.server],
                    ['Redis', h?.redis],
                  ] as const
                ).map(([label, value]) => (
                  <Row key={label} label={label}>
                    <StatusBadge value={value} />
                  </Row>
                ))}
                <Row label="Click queue">
                  <Text fontSize="sm">{`${h?.queue.waiting ?? 0} waiting, ${h?.queue.failed ?? 0} failed`}</Text>
                </Row>
                <Row label="Workers">
                  <Text fontSize="sm">{h?.workers ?? 0}</Text>
                </Row>
                <Row label="Last checked">
                  <Text fontSize="sm" data-testid="last-checked">
                    {h?.lastCheck ? formatDateTime(h.lastCheck) : 'Never'}
                  </Text>
                </Row>
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
        <ConfigurationCard users={h?.users} />
      </SimpleGrid>

      <Card.Root>
        <Card.Header>
          <Card.Title>Error History</Card.Title>
        </Card.Header>
        <Card.Body>
          {(h?.errors ?? []).length === 0 ? (
            <HStack color="green.fg">
              <Text>No errors detected</Text>
            </HStack>
          ) : (
            <List.Root ps="5" gap="1">
              {h?.errors.map((e, i) => (
                <List.Item key={i} color="red.fg">
                  {e}
                </List.Item>
              ))}
            </List.Root>
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <Card.Title>How detection and recovery work</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="2" fontSize="sm" color="fg.muted">
            <Text>Every hour the system checks the database, Redis and the click queue. Failed checks are recorded above with their reason.</Text>
            <Text>
              When a connection is lost, automatic recovery reconnects it and retries click jobs that failed, so no click is lost. Connections time
              out after 10 seconds and the pool holds at most 10 connections.
            </Text>
            <Text>Force Check runs the same check and recovery now. This page refreshes its status every 30 seconds.</Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
