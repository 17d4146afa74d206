// The built entry points the benches start (`npm run build:server` writes them).
import { existsSync } from 'node:fs';

/** Paths of dist/apps/<app>/main.js for each app named; exits asking for a build when one is missing. */
export function builtMains(...apps) {
  const paths = apps.map((app) => new URL(`../../dist/apps/${app}/main.js`, import.meta.url).pathname);
  if (paths.some((path) => !existsSync(path))) {
    console.error('Build first: npm run build:server');
    process.exit(1);
  }
  return paths;
}
