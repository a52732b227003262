import { useUser } from '../../lib/auth.ts';
import { AppLayout } from './app-layout.tsx';
import { PublicLayout } from './public-layout.tsx';

/** Public pages (legal texts, not found) inside the app shell when signed in, else the public frame. */
export function AdaptiveLayout() {
  const { data: user } = useUser();
  return user ? <AppLayout /> : <PublicLayout />;
}
