import { useParams } from 'react-router';
import { VerifyEmailStatus } from '../../../features/auth/components/verify-email-status.tsx';

/** Loaded without loading the user first (spec section 2). */
export function VerifyEmailRoute() {
  const { token = '' } = useParams();
  return <VerifyEmailStatus key={token} token={token} />;
}
