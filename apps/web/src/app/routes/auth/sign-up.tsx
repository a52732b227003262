import { SignUpForm } from '../../../features/auth/components/sign-up-form.tsx';

export function SignUpRoute() {
  return <SignUpForm />;
}
