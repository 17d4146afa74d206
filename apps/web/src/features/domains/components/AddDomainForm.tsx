import { Button, Card, Field, HStack, Input } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useAddDomain } from '../api/add-domain';
import { acceptDomain } from '../lib/accept-domain';
import { EXAMPLE_DOMAIN } from '../lib/validate-domain';

/** 'Add Custom Domain': domain name without protocol, validated as docs/product.md#validation says. */
export function AddDomainForm() {
  const [value, setValue] = useState('');
  const add = useAddDomain();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const domain = acceptDomain(value);
    if (domain) add.mutate(domain, { onSuccess: () => setValue('') });
  };
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Add Custom Domain</Card.Title>
        <Card.Description>Use your own domain for branded short links</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Field.Root>
            <Field.Label>Domain Name</Field.Label>
            <HStack w="full" gap="2" align="flex-start" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
              <Input value={value} onChange={(e) => setValue(e.target.value)} placeholder={EXAMPLE_DOMAIN} autoComplete="off" spellCheck={false} />
              <Button type="submit" loading={add.isPending} flexShrink={0}>
                Add Domain
              </Button>
            </HStack>
            <Field.HelperText>Enter the domain without protocol (no http:// or https://)</Field.HelperText>
          </Field.Root>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
