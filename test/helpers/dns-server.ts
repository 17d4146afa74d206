import dns2 from 'dns2';

/** A real DNS server (dns2, UDP) on a free loopback port answering the TXT records a test sets. */
export interface TestDnsServer {
  /** `host:port`, for DNS_SERVERS. */
  address: string;
  /** Sets (replaces) the TXT values of a name; an empty list removes it (NXDOMAIN). */
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
}

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const { Packet } = dns2;
  const txt = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const values = question ? txt.get(question.name.toLowerCase()) : undefined;
      if (!question || !values) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      } else if (question.type === Packet.TYPE.TXT) {
        for (const data of values) {
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 1,
            data,
          } as (typeof response.answers)[number]);
        }
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${addresses.udp!.port}`,
    setTxt(name, values) {
      if (values.length) txt.set(name.toLowerCase(), values);
      else txt.delete(name.toLowerCase());
    },
    close: () => server.close(),
  };
}
