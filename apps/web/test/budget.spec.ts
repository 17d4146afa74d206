/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budget: the JavaScript the login screen loads (entry chunk + its static imports) is at most 250 kB gzip. */
const BUDGET_BYTES = 250_000;
const dist = join(process.cwd(), 'dist/web');
const manifestPath = join(dist, '.vite/manifest.json');

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

describe('web bundle budget', () => {
  it('login screen JS ≤ 250 kB gzip', () => {
    if (!existsSync(manifestPath)) execSync('npm run build:web', { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
    expect(entryKey).toBeDefined();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) visit(dep);
    };
    visit(entryKey!);
    const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    // index.html must load exactly the entry chunk (the rest are its static imports, preloaded).
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain(manifest[entryKey!].file);
    const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
    console.log(`login screen JS: ${files.length} files, ${(gzip / 1000).toFixed(1)} kB gzip`);
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
