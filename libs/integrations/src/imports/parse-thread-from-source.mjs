// The parse thread when the api runs from its TypeScript sources (the test suites): tsx compiles them on load, with
// the path aliases of tsconfig.json. The built api starts dist/.../parse-thread.js instead.
import { register } from 'tsx/esm/api';

register({ tsconfig: new URL('../../../../tsconfig.json', import.meta.url).pathname });
await import('./parse-thread.ts');
