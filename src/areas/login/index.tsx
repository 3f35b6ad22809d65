import type { AreaProps } from '../../app/routes.types';
import { EmailLoginPage } from './EmailLoginPage';
import { LoginPage } from './LoginPage';

/** The sign-in screens, shown without the main layout. */
export default function LoginArea({ routeId }: AreaProps) {
  return routeId === 'login.email' ? <EmailLoginPage /> : <LoginPage />;
}
