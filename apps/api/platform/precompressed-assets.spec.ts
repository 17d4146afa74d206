import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { precompressedAssets, preferredEncoding } from './precompressed-assets.js';

const JS = 'export const answer = 42;\n'.repeat(200);

function get(port: number, path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('precompressed web assets', () => {
  let dir: string;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lp-assets-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app-abc.js'), JS);
    writeFileSync(join(dir, 'assets', 'app-abc.js.br'), brotliCompressSync(JS));
    writeFileSync(join(dir, 'assets', 'app-abc.js.gz'), gzipSync(JS));
    writeFileSync(join(dir, 'assets', 'tiny.js'), 'x');
    const app = express();
    app.use(precompressedAssets(dir));
    app.use(express.static(dir, { index: false, setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable') }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves brotli to a browser that accepts it, with Vary, the JS type and the immutable cache header', async () => {
    const res = await get(port, '/assets/app-abc.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(JS);
    expect(res.body.length).toBeLessThan(JS.length / 10);
  });

  it('serves gzip when brotli is not accepted, and the plain file (still with Vary) when neither is', async () => {
    const gz = await get(port, '/assets/app-abc.js', 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(JS);
    const plain = await get(port, '/assets/app-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(JS);
    const tiny = await get(port, '/assets/tiny.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('x');
  });

  it('never leaves the assets folder and answers 404 for a missing asset', async () => {
    expect((await get(port, '/assets/..%2F..%2Fetc%2Fpasswd', 'br')).status).toBe(404);
    expect((await get(port, '/assets/missing.js', 'br')).status).toBe(404);
  });

  it('reads Accept-Encoding like a browser sends it', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
