import { Heading } from '@chakra-ui/react';

/** Placeholder until web part 2 lands this screen. */
export default function IpAnalyticsPage() {
  return <Heading as="h1" size="xl">IP Analytics</Heading>;
}
