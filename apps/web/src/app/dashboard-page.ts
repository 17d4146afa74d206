import { preloadableLazy } from '../lib/preloadable-lazy';

/** The dashboard route's page, in its own chunk; App preloads it while a stored session is checked. */
export const DashboardPage = preloadableLazy(() => import('../features/dashboard/pages/DashboardPage'));
