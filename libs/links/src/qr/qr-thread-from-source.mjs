// The QR thread when the api runs from its TypeScript sources (the test suites): tsx compiles it on load. The built
// api starts dist/.../qr-thread.js instead.
import { register } from 'tsx/esm/api';

register({ tsconfig: new URL('../../../../tsconfig.json', import.meta.url).pathname });
await import('./qr-thread.ts');
