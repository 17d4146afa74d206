import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';

/** What the user chose: follow the system (the default), or always light / dark. */
export type ColorModeChoice = 'system' | 'light' | 'dark';
export type ColorMode = 'light' | 'dark';

/** Where the choice is kept (per browser). */
export const COLOR_MODE_STORAGE_KEY = 'colorMode';

/**
 * Chakra v3's colour-mode recipe: next-themes puts `class="dark"` (Chakra's `_dark` condition) and `color-scheme` on
 * <html>, following `prefers-color-scheme` until the user picks light or dark in the header.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem storageKey={COLOR_MODE_STORAGE_KEY} disableTransitionOnChange>
      {children}
    </ThemeProvider>
  );
}

/** The mode in force (the system's when following it) and the user's choice. */
export function useColorMode(): { colorMode: ColorMode; choice: ColorModeChoice; setChoice: (choice: ColorModeChoice) => void } {
  const { resolvedTheme, theme, setTheme } = useTheme();
  return {
    colorMode: resolvedTheme === 'dark' ? 'dark' : 'light',
    choice: theme === 'light' || theme === 'dark' ? theme : 'system',
    setChoice: setTheme,
  };
}

/**
 * Puts the stored (or the system's) mode on <html> before React's first render, which can wait up to 300 ms for a
 * stored session (main.tsx): a dark device then never shows a white page first. next-themes takes over on mount.
 */
export function applyColorModeEarly(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
  } catch {
    // storage blocked: follow the system
  }
  const mode = stored === 'light' || stored === 'dark' ? stored : window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
}
