import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { Monitor, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { type ColorModeChoice, useColorMode } from './color-mode';

const CHOICES: { value: ColorModeChoice; label: string; icon: ReactNode }[] = [
  { value: 'system', label: 'System', icon: <Monitor size={16} aria-hidden /> },
  { value: 'light', label: 'Light', icon: <Sun size={16} aria-hidden /> },
  { value: 'dark', label: 'Dark', icon: <Moon size={16} aria-hidden /> },
];

/** The header's theme menu: System (follows the device), Light or Dark. */
export function ColorModeMenu() {
  const { colorMode, choice, setChoice } = useColorMode();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label={`Theme: ${CHOICES.find((c) => c.value === choice)?.label}`} variant="ghost" size="sm" data-testid="color-mode">
          {colorMode === 'dark' ? <Moon aria-hidden /> : <Sun aria-hidden />}
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="9rem">
            <Menu.RadioItemGroup value={choice} onValueChange={(e) => setChoice(e.value as ColorModeChoice)}>
              <Menu.ItemGroupLabel>Theme</Menu.ItemGroupLabel>
              {CHOICES.map((c) => (
                <Menu.RadioItem key={c.value} value={c.value}>
                  {c.icon}
                  {c.label}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
