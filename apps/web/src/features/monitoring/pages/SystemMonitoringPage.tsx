import type { ReactNode } from 'react';
import { Box, Button, Card, Flex, Heading, HStack, List, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
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
      <Flex justify="space-between" gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
        <Box>
          <Heading as="h1" size="2xl">System Monitoring</Heading>
          <Text color="fg.muted">Database connection health and automatic recovery</Text>
        </Box>
        <Button onClick={() => recover.mutate()} loading={recover.isPending} loadingText="Checking...">Force Check</Button>
      </Flex>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root>
          <Card.Header><Card.Title>System Status</Card.Title></Card.Header>
          <Card.Body>
            {health.isPending ? (
              <Stack gap="2">{[0, 1, 2, 3].map((i) => <Skeleton key={i} h="6" />)}</Stack>
            ) : health.isError ? (
              <Text color="red.fg">Unable to reach the server's health check.</Text>
            ) : (
              <Stack gap="1" data-testid="system-status">
                <Row label="Overall"><StatusBadge value={h?.status} /></Row>
                <Row label="Database"><StatusBadge value={h?.database} /></Row>
                <Row label="Server"><StatusBadge value={h?.server} /></Row>
                <Row label="Redis"><StatusBadge value={h?.redis} /></Row>
                <Row label="Click queue"><Text fontSize="sm">{`${h?.queue.waiting ?? 0} waiting, ${h?.queue.failed ?? 0} failed`}</Text></Row>
                <Row label="Workers"><Text fontSize="sm">{h?.workers ?? 0}</Text></Row>
                <Row label="Last checked"><Text fontSize="sm" data-testid="last-checked">{h?.lastCheck ? formatDateTime(h.lastCheck) : 'Never'}</Text></Row>
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
        <ConfigurationCard users={h?.users} />
      </SimpleGrid>

      <Card.Root>
        <Card.Header><Card.Title>Error History</Card.Title></Card.Header>
        <Card.Body>
          {(h?.errors ?? []).length === 0 ? (
            <HStack color="green.fg"><Text>No errors detected</Text></HStack>
          ) : (
            <List.Root ps="5" gap="1">
              {h?.errors.map((e, i) => <List.Item key={i} color="red.fg">{e}</List.Item>)}
            </List.Root>
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header><Card.Title>How detection and recovery work</Card.Title></Card.Header>
        <Card.Body>
          <Stack gap="2" fontSize="sm" color="fg.muted">
            <Text>Every hour the system checks the database, Redis and the click queue. Failed checks are recorded above with their reason.</Text>
            <Text>When a connection is lost, automatic recovery reconnects it and retries click jobs that failed, so no click is lost. Connections time out after 10 seconds and the pool holds at most 10 connections.</Text>
            <Text>Force Check runs the same check and recovery now. This page refreshes its status every 30 seconds.</Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
