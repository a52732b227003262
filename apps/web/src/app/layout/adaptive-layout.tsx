import { useUser } from '../../lib/auth.ts';
import { lazyRoute } from '../lazy-route.tsx';
import { PublicLayout } from './public-layout.tsx';

// The signed-in shell is its own chunk: anonymous visitors of these pages never fetch it.
const appLayout = lazyRoute(() => import('./app-layout.tsx'), 'AppLayout');

/** Public pages (legal texts, not found) inside the app shell when signed in, else the public frame. */
export function AdaptiveLayout() {
  const { data: user } = useUser();
  return user ? appLayout : <PublicLayout />;
}
