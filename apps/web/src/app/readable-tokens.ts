import { semanticTokens } from '@chakra-ui/react/theme';

/**
 * Chakra's defaults that fall below WCAG AA text contrast (4.5:1) in the light mode, one shade darker there: status
 * texts (`fg.error` red.500 was 3.8:1 on white; success and warning 600s were 3.3 and 3.6) and white on a solid
 * green badge (green.600, 3.3:1). The dark mode keeps Chakra's light shades. The screens suite checks every screen
 * (test/browser/screens.browser-spec.ts).
 */
const c = semanticTokens.colors;
export const readableSemanticColors = {
  fg: {
    ...c.fg,
    error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
    success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
    warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
  },
  green: { ...c.green, solid: { value: '{colors.green.700}' } },
};
