import { Box } from '@chakra-ui/react';
import { Globe } from 'lucide-react';
import { lazy, Suspense } from 'react';

/** The flag drawings (country-flag-icons, ≈ 47 kB gzip for all): their own chunk, loaded with the first flag shown. */
const FlagDrawing = lazy(() => import('./flag-drawing'));

const isCountryCode = (code: string | null | undefined): code is string => Boolean(code && /^[A-Za-z]{2}$/.test(code));

/**
 * A country's flag as an SVG drawing (emoji flags show as letter pairs on Windows and many Linux browsers); a globe
 * for an unknown country. Decorative: the country's name stands beside it.
 */
export function CountryFlag({ code, size = '1.25em' }: { code: string | null | undefined; size?: string }) {
  const known = isCountryCode(code);
  return (
    <Box
      as="span"
      display="inline-flex"
      flexShrink={0}
      verticalAlign="middle"
      alignItems="center"
      justifyContent="center"
      w={size}
      h={`calc(${size} * 2 / 3)`}
      borderRadius="2px"
      overflow="hidden"
      boxShadow={known ? '0 0 0 1px var(--chakra-colors-border)' : undefined}
      color="fg.muted"
      aria-hidden="true"
      data-country-flag={known ? code.toUpperCase() : 'unknown'}
      css={{ '& svg': { width: '100%', height: '100%', display: 'block' } }}
    >
      {known ? (
        <Suspense fallback={null}>
          <FlagDrawing code={code.toUpperCase()} />
        </Suspense>
      ) : (
        <Globe />
      )}
    </Box>
  );
}
