// The email token exchange (spec part 1, section 2): /email-login?token=… from the magic link.
import { useEffect, useState } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { exchangeEmailToken } from '../../api/sign-in/mutations';
import { useIdentityProviderQuery } from '../../api/sign-in/queries';
import type { SessionToken } from '../../api/session/session-token';
import { useAuth } from '../../app/auth/auth-context';
import { LOGIN_PATH } from '../../app/auth/auth.constants';
import { LoadingState } from '../../ui/LoadingState';
import { textLink } from '../../ui/recipes';
import * as s from './login.styles';

// The token is single-use: StrictMode's double effects (or a remount) must not spend it twice.
const exchanges = new Map<string, Promise<SessionToken>>();
function exchangeOnce(token: string): Promise<SessionToken> {
  let pending = exchanges.get(token);
  if (!pending) {
    pending = exchangeEmailToken(token);
    exchanges.set(token, pending);
  }
  return pending;
}

export function EmailLoginPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const provider = useIdentityProviderQuery();
  // Home when there is no token, or when the identity provider, not the magic link, is the active client.
  if (!token || provider.data?.active) return <Redirect to="/" replace />;
  if (provider.isPending) {
    return (
      <div className={s.wrap}>
        <LoadingState label="Signing you in" />
      </div>
    );
  }
  return <Exchange token={token} />;
}

function Exchange({ token }: { token: string }) {
  const { signIn } = useAuth();
  const [, navigate] = useLocation();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    exchangeOnce(token).then(
      (session) => {
        if (!live) return;
        // The shell's home redirect decides where the agent lands.
        signIn(session, 'email');
        navigate('/', { replace: true });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [token, signIn, navigate]);

  if (!failed) {
    return (
      <div className={s.wrap}>
        <LoadingState label="Signing you in" />
      </div>
    );
  }
  return (
    <div className={s.wrap}>
      <section className={s.card} aria-labelledby="email-login-title">
        <h1 id="email-login-title" className={s.title}>
          This sign-in link does not work
        </h1>
        <p className={s.text} role="alert">
          The link may have expired or already been used. Request a new magic link to sign in.
        </p>
        <Link href={LOGIN_PATH} className={textLink()}>
          Back to log in
        </Link>
      </section>
    </div>
  );
}
