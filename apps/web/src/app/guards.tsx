import { type Action, homePathForRole, type Resource } from '@ampelos/domain';
import { Button, Center, Stack, Text } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { paths } from '../config/paths.ts';
import { useUser } from '../lib/auth.ts';
import { useAuthorization } from '../lib/authorization.ts';
import { applyUserLang } from '../lib/i18n.ts';
import { useRemoveFirstPaint } from './lazy-route.tsx';

/** Loads the current user before rendering anything below it; the language follows `user.lang`. */
export function AuthLoader() {
  const user = useUser();
  const lang = user.data?.lang;

  useLayoutEffect(() => {
    if (lang) applyUserLang(lang);
  }, [lang]);

  if (user.isPending) return <FullPageLoader />;
  if (user.isError) return <LoadUserFailed retry={() => void user.refetch()} />;
  return <Outlet />;
}

function LoadUserFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  useRemoveFirstPaint();
  return (
    <Center h="100vh">
      <Stack align="center">
        <Text role="alert">{t('auth.loadUserFailed')}</Text>
        <Button onClick={retry}>{t('common.retry')}</Button>
      </Stack>
    </Center>
  );
}

/** Private routes: a loader while the user loads, /login when signed out. */
export function RequireAuth() {
  const { data: user, isPending } = useUser();
  const location = useLocation();
  if (isPending) return <FullPageLoader />;
  if (!user) return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /login: signed-in users go to /. */
export function AnonymousOnly() {
  const { data: user, isPending } = useUser();
  if (isPending) return <FullPageLoader />;
  if (user) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

/** /dashboard: role admin only, everyone else goes to /. */
export function AdminOnly() {
  const { allows } = useAuthorization();
  if (!allows('admin.tools')) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

/** `/`: drone roles to /shoots, everyone else to /fields, signed out to /login. */
export function HomeRedirect() {
  const { data: user, isPending } = useUser();
  if (isPending) return <FullPageLoader />;
  if (!user) return <Navigate to={paths.login.getHref()} replace />;
  return <Navigate to={homePathForRole(user.role)} replace />;
}

/** Profile pages that need a permission: users without it go back to personal details. */
export function RequirePermission({ action, resource }: { action: Action; resource: Resource }) {
  const authorization = useAuthorization();
  if (!authorization.can(action, resource)) return <Navigate to={paths.profile.root.getHref()} replace />;
  return <Outlet />;
}
