import type { ReactNode } from 'react';
import { Box, Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import { DnsRecord } from './DnsRecord';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box>
    <Heading as="h3" size="md" mb="2">
      {title}
    </Heading>
    {children}
  </Box>
);

/** DNS setup instructions (docs/product.md#custom-domains) with our real short host filled in. */
export function DnsInstructions({ host }: { host: string }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>DNS Setup Instructions</Card.Title>
        <Card.Description>{`Point your domain at ${host} so its short links redirect through LinkPulse.`}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="6" fontSize="sm">
          <Section title="Step 1: Prove you own the domain">
            <Text>
              A new or renamed domain is Inactive until you prove you control its DNS: create the TXT record shown with the domain above (copy its
              name and value), then press Verify now. LinkPulse also re-checks pending domains in the background; a domain not verified within 7 days
              expires.
            </Text>
            <DnsRecord type="TXT" name="_linkpulse-challenge.links (your subdomain)" value="lp-verify=… (shown with your domain)" ttl="3600" />
          </Section>
          <Section title="Option 1: Proxy through Cloudflare (recommended, HTTPS)">
            <Text>
              Add a CNAME record in Cloudflare with the proxy enabled (orange cloud), then set SSL/TLS encryption mode to Flexible SSL so visitors get
              HTTPS while Cloudflare reaches us over HTTP.
            </Text>
            <DnsRecord type="CNAME" name="links (your subdomain)" value={host} ttl="Auto" proxy="Proxied" />
            <List.Root ps="5">
              <List.Item>In Cloudflare open SSL/TLS → Overview and choose Flexible SSL mode.</List.Item>
              <List.Item>Enable "Always Use HTTPS" so http:// visits are upgraded.</List.Item>
            </List.Root>
          </Section>
          <Section title="Option 2: Direct CNAME (HTTP only)">
            <Text>Without a proxy your short links work over HTTP only; browsers will not get a trusted HTTPS certificate for your domain.</Text>
            <DnsRecord type="CNAME" name="links (your subdomain)" value={host} ttl="3600" />
          </Section>
          <Section title="Option 3: A record for root domains">
            <Text>{`Root domains (like yourdomain.com) cannot use a CNAME at most DNS providers. Create an A record pointing to the IP address that ${host} resolves to.`}</Text>
            <DnsRecord type="A" name="@" value={`IP address of ${host}`} ttl="3600" />
          </Section>
          <Section title="Checklist">
            <List.Root ps="5">
              <List.Item>The domain is added above, its TXT record verified, and it shows the Active badge.</List.Item>
              <List.Item>{`The CNAME or A record points to ${host}.`}</List.Item>
              <List.Item>With Cloudflare: proxy enabled and SSL/TLS mode set to Flexible SSL.</List.Item>
              <List.Item>An SSL certificate is generated for the domain (Generate SSL).</List.Item>
              <List.Item>A test link created on the domain redirects when opened.</List.Item>
            </List.Root>
          </Section>
          <Section title="Troubleshooting">
            <List.Root ps="5">
              <List.Item>Link not working yet: DNS changes can take up to 24 hours to propagate.</List.Item>
              <List.Item>HTTPS errors: after enabling the proxy, SSL can take 5-60 minutes to become active.</List.Item>
              <List.Item>Too many redirects: set Cloudflare SSL/TLS mode to Flexible SSL, not Full.</List.Item>
              <List.Item>"Link Not Found": check the short code and that the link was created on this domain.</List.Item>
              <List.Item>{`Check your record with a DNS lookup tool: the domain should resolve to ${host} or its IP address.`}</List.Item>
            </List.Root>
          </Section>
          <Text color="fg.muted">Waiting times: SSL 5-60 minutes after setup; DNS propagation up to 24 hours.</Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
