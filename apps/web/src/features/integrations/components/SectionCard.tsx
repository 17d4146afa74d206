import { Card } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One section of the Integrations screen: a card named by its h2 title, a line saying what it does, its body. */
export function SectionCard({ id, title, description, children }: { id: string; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={`${id}-title`}>
      <Card.Header>
        <Card.Title id={`${id}-title`} as="h2">
          {title}
        </Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
