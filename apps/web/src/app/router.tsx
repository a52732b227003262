import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '../config/paths.ts';
import { PaymentMethods } from '../features/legal/components/payment-methods.tsx';
import { PrivacyPolicy } from '../features/legal/components/privacy-policy.tsx';
import { TermsOfService } from '../features/legal/components/terms-of-service.tsx';
import { AdminOnly, AnonymousOnly, AuthLoader, HomeRedirect, RequireAuth } from './guards.tsx';
import { AdaptiveLayout } from './layout/adaptive-layout.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { CartRoute } from './routes/app/cart.tsx';
import { CompaniesRoute } from './routes/app/companies.tsx';
import { DashboardRoute } from './routes/app/dashboard.tsx';
import { FieldsRoute, NewFieldRoute } from './routes/app/fields.tsx';
import { AdminCouponsRoute, OrdersRoute } from './routes/app/orders.tsx';
import { ShootsRoute } from './routes/app/shoots.tsx';
import { UsersRoute } from './routes/app/users.tsx';
import {
  ForgotPasswordRoute,
  LoginRoute,
  ResetPasswordRoute,
  SignUpRoute,
  VerifyEmailRoute,
} from './routes/auth/auth-pages.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { ProfileCompanyRoute, ProfileOrdersRoute } from './routes/profile/profile-commerce.tsx';
import { ProfileLayout, RequirePermission } from './routes/profile/profile-layout.tsx';
import {
  AboutRoute,
  AddressBookRoute,
  PersonalDetailsRoute,
  SettingsRoute,
} from './routes/profile/profile-pages.tsx';
import { RouteError } from './routes/route-error.tsx';

/** The route table of spec section 2. */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      // Token links load WITHOUT loading the user first.
      {
        element: <PublicLayout />,
        children: [
          { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
          { path: paths.verifyEmail.path, element: <VerifyEmailRoute /> },
        ],
      },
      {
        element: <AuthLoader />,
        children: [
          { path: paths.home.path, element: <HomeRedirect /> },
          {
            element: <PublicLayout />,
            children: [
              { element: <AnonymousOnly />, children: [{ path: paths.login.path, element: <LoginRoute /> }] },
              { path: paths.signUp.path, element: <SignUpRoute /> },
              { path: paths.forgotPassword.path, element: <ForgotPasswordRoute /> },
            ],
          },
          {
            element: <AdaptiveLayout />,
            children: [
              { path: paths.termsOfService.path, element: <TermsOfService /> },
              { path: paths.privacyPolicy.path, element: <PrivacyPolicy /> },
              { path: paths.paymentMethods.path, element: <PaymentMethods /> },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  {
                    element: <AdminOnly />,
                    children: [{ path: paths.dashboard.path, element: <DashboardRoute /> }],
                  },
                  { path: paths.about.path, element: <AboutRoute /> },
                  { path: paths.fields.path, element: <FieldsRoute /> },
                  { path: paths.fieldNew.path, element: <NewFieldRoute /> },
                  { path: paths.users.path, element: <UsersRoute /> },
                  { path: paths.shoots.path, element: <ShootsRoute /> },
                  { path: paths.companies.path, element: <CompaniesRoute /> },
                  { path: paths.cart.path, element: <CartRoute /> },
                  { path: paths.orders.path, element: <OrdersRoute /> },
                  { path: paths.adminCoupons.path, element: <AdminCouponsRoute /> },
                  {
                    path: paths.profile.root.path,
                    element: <ProfileLayout />,
                    children: [
                      { index: true, element: <PersonalDetailsRoute /> },
                      {
                        element: <RequirePermission action="read" resource="UserCompany" />,
                        children: [{ path: paths.profile.company.path, element: <ProfileCompanyRoute /> }],
                      },
                      {
                        element: <RequirePermission action="read" resource="UserOrders" />,
                        children: [{ path: paths.profile.orders.path, element: <ProfileOrdersRoute /> }],
                      },
                      { path: paths.profile.addressBook.path, element: <AddressBookRoute /> },
                      { path: paths.profile.settings.path, element: <SettingsRoute /> },
                      { path: paths.profile.about.path, element: <AboutRoute /> },
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

export function AppRouter() {
  return <RouterProvider router={router} />;
}
