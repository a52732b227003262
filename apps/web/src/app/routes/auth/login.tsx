import { LoginForm } from '../../../features/auth/components/login-form.tsx';

export function LoginRoute() {
  return <LoginForm />;
}
