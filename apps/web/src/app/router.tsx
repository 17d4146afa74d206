import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AdminOnly } from '../components/layout/AdminOnly';
import { AppLayout } from '../components/layout/AppLayout';
import { DashboardPage, LinksPage } from './landing-pages';

const ShortenPage = lazy(() => import('../features/shorten/pages/ShortenPage'));
const LinkAnalyticsPage = lazy(() => import('../features/link-analytics/pages/LinkAnalyticsPage'));
const DomainsPage = lazy(() => import('../features/domains/pages/DomainsPage'));
const AnalyticsPage = lazy(() => import('../features/analytics/pages/AnalyticsPage'));
const UserManagementPage = lazy(() => import('../features/admin-users/pages/UserManagementPage'));
const SystemMonitoringPage = lazy(() => import('../features/monitoring/pages/SystemMonitoringPage'));
const IpAnalyticsPage = lazy(() => import('../features/ip-analytics/pages/IpAnalyticsPage'));
const RecentIpActivityPage = lazy(() => import('../features/recent-ip-activity/pages/RecentIpActivityPage'));
const SystemManagementPage = lazy(() => import('../features/system-management/pages/SystemManagementPage'));
const IntegrationsPage = lazy(() => import('../features/integrations/pages/IntegrationsPage'));
const WorkspacePage = lazy(() => import('../features/workspaces/pages/WorkspacePage'));
const ActivityPage = lazy(() => import('../features/workspaces/pages/ActivityPage'));
const InvitePage = lazy(() => import('../features/workspaces/pages/InvitePage'));
const AccountPage = lazy(() => import('../features/account/pages/AccountPage'));

/** Routes (docs/product.md#screens) for signed-in approved users; unknown paths go to '/'. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <DashboardPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/shorten', element: <ShortenPage /> },
      { path: '/links', element: <LinksPage /> },
      { path: '/links/:id/analytics', element: <LinkAnalyticsPage /> },
      { path: '/domains', element: <DomainsPage /> },
      { path: '/analytics', element: <AnalyticsPage /> },
      { path: '/recent-ip-activity', element: <RecentIpActivityPage /> },
      { path: '/integrations', element: <IntegrationsPage /> },
      { path: '/workspace', element: <WorkspacePage /> },
      { path: '/workspace/activity', element: <ActivityPage /> },
      { path: '/invite/:token', element: <InvitePage /> },
      { path: '/settings/account', element: <AccountPage /> },
      {
        element: <AdminOnly />,
        children: [
          { path: '/admin/users', element: <UserManagementPage /> },
          { path: '/admin/monitoring', element: <SystemMonitoringPage /> },
          { path: '/admin/ip-analytics', element: <IpAnalyticsPage /> },
          { path: '/system-management', element: <SystemManagementPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
