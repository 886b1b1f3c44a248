import { createHashRouter } from 'react-router';
import { registerNavigate } from '../lib/navigation.ts';
import { appRoutes } from './routes.tsx';

export function createAppRouter() {
  const router = createHashRouter(appRoutes());
  registerNavigate((path, options) => void router.navigate(path, options));
  return router;
}
