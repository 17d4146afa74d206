import { Heading } from '@chakra-ui/react';

export default function LinkAnalyticsPage() {
  return <Heading as="h1" size="xl">Link Analytics</Heading>;
}
