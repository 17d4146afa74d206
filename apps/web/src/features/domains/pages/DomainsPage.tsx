import { Heading } from '@chakra-ui/react';

/** Placeholder until web part 2 lands this screen. */
export default function DomainsPage() {
  return <Heading as="h1" size="xl">Custom Domains</Heading>;
}
