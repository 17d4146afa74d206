import { Box, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { NavLink, useLocation } from 'react-router-dom';
import { ADMIN_NAV, MAIN_NAV, type NavItem } from '../../app/nav-items';

function isActive(item: NavItem, path: string): boolean {
  if (item.to === '/dashboard') return path === '/' || path === '/dashboard';
  if (item.to === '/links') return path === '/links' || path.startsWith('/links/');
  return path === item.to;
}

/** One sidebar link, highlighted when it is the current page. */
export function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  return (
    <ChakraLink
      asChild
      display="block"
      px="3"
      py="2"
      borderRadius="md"
      fontWeight={active ? 'semibold' : 'normal'}
      bg={active ? 'blue.subtle' : undefined}
      color={active ? 'blue.fg' : 'fg'}
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
    >
      <NavLink to={item.to} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
        {item.label}
      </NavLink>
    </ChakraLink>
  );
}

/** Sidebar links; the Admin section shows for admins only. */
export function SidebarNav({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  return (
    <Box as="nav" aria-label="Main navigation">
      <Stack gap="1">
        {MAIN_NAV.map((item) => (
          <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </Stack>
      {isAdmin && (
        <Box mt="6">
          <Text px="3" mb="2" fontSize="xs" fontWeight="bold" textTransform="uppercase" color="fg.muted">
            Admin
          </Text>
          <Stack gap="1">
            {ADMIN_NAV.map((item) => (
              <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
