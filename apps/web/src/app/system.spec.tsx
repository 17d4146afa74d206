import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { system } from './system';

/** Every .ts/.tsx file of the web app (specs excluded). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The Chakra components the app imports, as recipe keys (NativeSelect → nativeSelect; IconButton → button). */
function importedRecipeKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sources(join(process.cwd(), 'apps/web/src'))) {
    for (const [, names] of readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from '@chakra-ui\/react'/g)) {
      for (const raw of names.split(',')) {
        const name = raw
          .trim()
          .split(/\s+as\s+/)[0]
          .replace(/^type\s+/, '');
        if (!name) continue;
        const key = /^(IconButton|CloseButton)$/.test(name) ? 'button' : name[0].toLowerCase() + name.slice(1);
        keys.add(key);
      }
    }
  }
  return [...keys].sort();
}

describe('the Chakra system', () => {
  it('has the recipe of every Chakra component the app renders (a missing one renders unstyled)', () => {
    const needed = importedRecipeKeys().filter((k) => defaultSystem.isRecipe(k) || defaultSystem.isSlotRecipe(k));
    expect(needed.length).toBeGreaterThan(15);
    const missing = needed.filter((k) => !system.isRecipe(k) && !system.isSlotRecipe(k));
    expect(missing).toEqual([]);
  });
});
