import { Box, Button, CloseButton, Drawer, Flex, Heading, IconButton, Portal, Spinner, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { ColorModeMenu } from '../ui/ColorModeMenu';
import { ACCOUNT_NAV } from '../../app/nav-items';
import { NavEntry, SidebarNav } from './Sidebar';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

export const PRODUCT_NAME = 'LinkPulse';

function MenuGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function PageLoading() {
  return (
    <Flex justify="center" py="16" role="status" aria-live="polite">
      <Spinner size="lg" />
      <Text srOnly>Loading...</Text>
    </Flex>
  );
}

/** Header (product name, workspace switcher, welcome, Account, Logout) + sidebar (drawer below md) around the routed page. */
export function AppLayout() {
  const { user, logout } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isAdmin = Boolean(user?.isAdmin);
  return (
    <Flex minH="100vh" direction="column" bg="bg.subtle">
      {/* On a phone the header has two rows: the workspace switcher gets the second, at full width. */}
      <Flex
        as="header"
        align="center"
        wrap={{ base: 'wrap', md: 'nowrap' }}
        columnGap="3"
        rowGap="2"
        px={{ base: '3', md: '6' }}
        py="3"
        bg="bg"
        borderBottomWidth="1px"
      >
        <Flex align="center" gap="2" flexShrink={0}>
          <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start">
            <Drawer.Trigger asChild>
              <IconButton aria-label="Open menu" variant="ghost" size="sm" display={{ base: 'inline-flex', md: 'none' }}>
                <MenuGlyph />
              </IconButton>
            </Drawer.Trigger>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content maxW="16rem">
                  <Drawer.Header>
                    <Drawer.Title>{PRODUCT_NAME}</Drawer.Title>
                  </Drawer.Header>
                  <Drawer.Body>
                    <SidebarNav isAdmin={isAdmin} onNavigate={() => setDrawerOpen(false)} />
                    {/* On a phone the header has no room for Account: it lives in the drawer. */}
                    <Box mt="6">
                      <NavEntry item={ACCOUNT_NAV} onNavigate={() => setDrawerOpen(false)} />
                    </Box>
                  </Drawer.Body>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label="Close menu" />
                  </Drawer.CloseTrigger>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
          <Heading as="p" size="lg" color="blue.fg" whiteSpace="nowrap">
            {PRODUCT_NAME}
          </Heading>
        </Flex>
        <WorkspaceSwitcher order={{ base: 1, md: 0 }} flexBasis={{ base: '100%', md: '14rem' }} minW="0" ms={{ md: 'auto' }} />
        {/* Basis 0 on a phone: the group shrinks (the welcome truncates) rather than wrapping onto a row of its own. */}
        <Flex align="center" justify="flex-end" gap="3" minW="0" flex={{ base: '1 1 0', md: 'none' }}>
          <ColorModeMenu />
          <Text fontSize="sm" truncate minW="5rem" data-testid="welcome">
            Welcome, {user?.username}
          </Text>
          <Button asChild size="sm" variant="ghost" display={{ base: 'none', md: 'inline-flex' }}>
            <RouterLink to={ACCOUNT_NAV.to}>{ACCOUNT_NAV.label}</RouterLink>
          </Button>
          <Button size="sm" variant="outline" onClick={() => void logout()}>
            Logout
          </Button>
        </Flex>
      </Flex>
      <Flex flex="1" minH="0">
        <Box as="aside" display={{ base: 'none', md: 'block' }} w="15rem" flexShrink={0} bg="bg" borderRightWidth="1px" p="4">
          <SidebarNav isAdmin={isAdmin} />
        </Box>
        <Box as="main" flex="1" minW="0" p={{ base: '3', md: '6' }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}
