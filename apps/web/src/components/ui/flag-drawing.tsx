import { Globe } from 'lucide-react';
import * as flags from 'country-flag-icons/string/3x2';

const drawings: Record<string, string | undefined> = flags;

/** One flag's SVG markup from country-flag-icons (static drawings shipped in the package, no user input in them). */
export default function FlagDrawing({ code }: { code: string }) {
  const svg = drawings[code];
  if (!svg) return <Globe />;
  return <span style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: svg }} />;
}
