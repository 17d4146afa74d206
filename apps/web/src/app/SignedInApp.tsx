import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from './router';

/** The routed app of a signed-in, approved user: its own chunk, so the login page does not download the router and layout. */
export default function SignedInApp() {
  const router = useMemo(() => createBrowserRouter(appRoutes), []);
  return <RouterProvider router={router} />;
}
