import { Card, Heading, Text, type CardRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface TitledCardProps extends Omit<CardRootProps, 'title'> {
  title: ReactNode;
  /** The heading's level in the page outline, and its size. */
  level?: 'h2' | 'h3';
  headingSize?: 'sm' | 'md';
  /** A muted line under the title. */
  description?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/** A card with a heading (and a line saying what it shows) over its body. */
export function TitledCard({ title, level = 'h3', headingSize = 'sm', description, footer, children, ...root }: TitledCardProps) {
  return (
    <Card.Root {...root}>
      <Card.Header>
        <Heading as={level} size={headingSize}>
          {title}
        </Heading>
        {description && (
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      {footer && <Card.Footer>{footer}</Card.Footer>}
    </Card.Root>
  );
}
