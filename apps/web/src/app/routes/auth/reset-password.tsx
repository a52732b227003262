import { useParams } from 'react-router';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';

/** Loaded without loading the user first (spec section 2). */
export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return <ResetPasswordForm token={token} />;
}
