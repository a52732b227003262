import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '../config/paths.ts';
import { userQueryOptions } from '../lib/auth.ts';
import { queryClient } from '../lib/react-query.ts';
import {
  AdminOnly,
  AnonymousOnly,
  AuthLoader,
  HomeRedirect,
  RequireAuth,
  RequirePermission,
} from './guards.tsx';
import { AdaptiveLayout } from './layout/adaptive-layout.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { lazyRoute, preloadRouteElements } from './lazy-route.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { RouteError } from './routes/route-error.tsx';

// Each screen is fetched when first shown (spec: the full-page loader meanwhile): the sign-in page
// carries neither the maps, charts and viewers nor the other screens.
const appLayout = lazyRoute(() => import('./layout/app-layout.tsx'), 'AppLayout');
const profileLayout = lazyRoute(() => import('./routes/profile/profile-layout.tsx'), 'ProfileLayout');
const profilePages = () => import('./routes/profile/profile-pages.tsx');
const profileCommerce = () => import('./routes/profile/profile-commerce.tsx');
const orders = () => import('./routes/app/orders.tsx');
const aboutRoute = lazyRoute(profilePages, 'AboutRoute');

/** The route table of spec section 2. */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      // Token links load WITHOUT loading the user first.
      {
        element: <PublicLayout />,
        children: [
          {
            path: paths.resetPassword.path,
            element: lazyRoute(() => import('./routes/auth/reset-password.tsx'), 'ResetPasswordRoute'),
          },
          {
            path: paths.verifyEmail.path,
            element: lazyRoute(() => import('./routes/auth/verify-email.tsx'), 'VerifyEmailRoute'),
          },
        ],
      },
      {
        element: <AuthLoader />,
        children: [
          { path: paths.home.path, element: <HomeRedirect /> },
          {
            element: <PublicLayout />,
            children: [
              {
                element: <AnonymousOnly />,
                children: [
                  {
                    path: paths.login.path,
                    element: lazyRoute(() => import('./routes/auth/login.tsx'), 'LoginRoute'),
                  },
                ],
              },
              {
                path: paths.signUp.path,
                element: lazyRoute(() => import('./routes/auth/sign-up.tsx'), 'SignUpRoute'),
              },
              {
                path: paths.forgotPassword.path,
                element: lazyRoute(() => import('./routes/auth/forgot-password.tsx'), 'ForgotPasswordRoute'),
              },
            ],
          },
          {
            element: <AdaptiveLayout />,
            children: [
              {
                path: paths.termsOfService.path,
                element: lazyRoute(
                  () => import('../features/legal/components/terms-of-service.tsx'),
                  'TermsOfService',
                ),
              },
              {
                path: paths.privacyPolicy.path,
                element: lazyRoute(
                  () => import('../features/legal/components/privacy-policy.tsx'),
                  'PrivacyPolicy',
                ),
              },
              {
                path: paths.paymentMethods.path,
                element: lazyRoute(
                  () => import('../features/legal/components/payment-methods.tsx'),
                  'PaymentMethods',
                ),
              },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              {
                element: appLayout,
                children: [
                  {
                    element: <AdminOnly />,
                    children: [
                      {
                        path: paths.dashboard.path,
                        element: lazyRoute(() => import('./routes/app/dashboard.tsx'), 'DashboardRoute'),
                      },
                    ],
                  },
                  { path: paths.about.path, element: aboutRoute },
                  {
                    path: paths.fields.path,
                    element: lazyRoute(() => import('./routes/app/fields.tsx'), 'FieldsRoute'),
                  },
                  {
                    path: paths.fieldNew.path,
                    element: lazyRoute(() => import('./routes/app/new-field.tsx'), 'NewFieldRoute'),
                  },
                  {
                    path: paths.users.path,
                    element: lazyRoute(() => import('./routes/app/users.tsx'), 'UsersRoute'),
                  },
                  {
                    path: paths.shoots.path,
                    element: lazyRoute(() => import('./routes/app/shoots.tsx'), 'ShootsRoute'),
                  },
                  {
                    path: paths.companies.path,
                    element: lazyRoute(() => import('./routes/app/companies.tsx'), 'CompaniesRoute'),
                  },
                  {
                    path: paths.cart.path,
                    element: lazyRoute(() => import('./routes/app/cart.tsx'), 'CartRoute'),
                  },
                  { path: paths.orders.path, element: lazyRoute(orders, 'OrdersRoute') },
                  { path: paths.adminCoupons.path, element: lazyRoute(orders, 'AdminCouponsRoute') },
                  {
                    path: paths.profile.root.path,
                    element: profileLayout,
                    children: [
                      { index: true, element: lazyRoute(profilePages, 'PersonalDetailsRoute') },
                      {
                        element: <RequirePermission action="read" resource="UserCompany" />,
                        children: [
                          {
                            path: paths.profile.company.path,
                            element: lazyRoute(profileCommerce, 'ProfileCompanyRoute'),
                          },
                        ],
                      },
                      {
                        element: <RequirePermission action="read" resource="UserOrders" />,
                        children: [
                          {
                            path: paths.profile.orders.path,
                            element: lazyRoute(profileCommerce, 'ProfileOrdersRoute'),
                          },
                        ],
                      },
                      {
                        path: paths.profile.addressBook.path,
                        element: lazyRoute(profilePages, 'AddressBookRoute'),
                      },
                      {
                        path: paths.profile.settings.path,
                        element: lazyRoute(profilePages, 'SettingsRoute'),
                      },
                      { path: paths.profile.about.path, element: aboutRoute },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);

// The first screen's chunks, the language catalogue (lib/i18n.ts) and the user are fetched side by
// side from the start. Token links load without the user (spec section 2), so they do not ask for it.
const firstMatches = router.state.matches;
preloadRouteElements(firstMatches.map((match) => match.route.element));
const tokenPaths: string[] = [paths.resetPassword.path, paths.verifyEmail.path];
if (!firstMatches.some((match) => match.route.path && tokenPaths.includes(match.route.path))) {
  void queryClient.prefetchQuery(userQueryOptions);
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}
