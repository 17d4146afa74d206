import { Heading } from '@chakra-ui/react';

export default function ShortenPage() {
  return <Heading as="h1" size="xl">Shorten Your Links</Heading>;
}
