import { useParams } from 'react-router';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { SignUpForm } from '../../../features/auth/components/sign-up-form.tsx';
import { VerifyEmailStatus } from '../../../features/auth/components/verify-email-status.tsx';

export function LoginRoute() {
  return <LoginForm />;
}

export function SignUpRoute() {
  return <SignUpForm />;
}

export function ForgotPasswordRoute() {
  return <ForgotPasswordForm />;
}

/** Loaded without loading the user first (spec section 2). */
export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return <ResetPasswordForm token={token} />;
}

/** Loaded without loading the user first (spec section 2). */
export function VerifyEmailRoute() {
  const { token = '' } = useParams();
  return <VerifyEmailStatus key={token} token={token} />;
}
