import { Heading } from '@chakra-ui/react';

export default function DashboardPage() {
  return <Heading as="h1" size="xl">Dashboard</Heading>;
}
