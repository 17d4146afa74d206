import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { serveScrape } from './scrape.js';

/** METRICS_TOKEN is required for scrapes from beyond loopback (a proxied request counts as remote). */
describe('serveScrape without METRICS_TOKEN', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const registry = new Registry();
    server = createServer((req, res) => void serveScrape(registry, undefined, req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('answers loopback, refuses a forwarded (remote) scrape with 403 naming METRICS_TOKEN', async () => {
    expect((await fetch(url)).status).toBe(200);
    const remote = await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(remote.status).toBe(403);
    expect(await remote.text()).toBe('Set METRICS_TOKEN to scrape the metrics from another host.');
  });
});
