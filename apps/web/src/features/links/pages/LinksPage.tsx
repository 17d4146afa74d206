import { Heading } from '@chakra-ui/react';

export default function LinksPage() {
  return <Heading as="h1" size="xl">My Links</Heading>;
}
