/** Sidebar entries (docs/product.md#layout). */
export interface NavItem {
  label: string;
  to: string;
}
export const MAIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Shorten URL', to: '/shorten' },
  { label: 'My Links', to: '/links' },
  { label: 'Custom Domains', to: '/domains' },
  { label: 'Analytics', to: '/analytics' },
  { label: 'Recent IP Activity', to: '/recent-ip-activity' },
  { label: 'Integrations', to: '/integrations' },
  { label: 'Workspace', to: '/workspace' },
  { label: 'Activity', to: '/workspace/activity' },
];
export const ADMIN_NAV: NavItem[] = [
  { label: 'User Management', to: '/admin/users' },
  { label: 'System Monitoring', to: '/admin/monitoring' },
  { label: 'IP Analytics', to: '/admin/ip-analytics' },
  { label: 'System Management', to: '/system-management' },
];
/** The signed-in user's own settings: a header button on wide screens, a drawer entry on a phone. */
export const ACCOUNT_NAV: NavItem = { label: 'Account', to: '/settings/account' };
