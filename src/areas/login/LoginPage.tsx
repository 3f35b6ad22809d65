// The login screen (spec part 1, section 2 "Login screen"): magic link by work email; "Continue
// with Google" through the OpenID Connect provider when one is configured (clearly unavailable
// otherwise), and a redirect to it at once when it is the active client; a hidden Auth0 link.
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { cx } from '../../../styled-system/css';
import { useMagicLinkMutation } from '../../api/sign-in/mutations';
import { IDENTITY_PROVIDER_LOGIN_URL, useDevMailboxQuery, useIdentityProviderQuery } from '../../api/sign-in/queries';
import { ACCESS_DENIED_KEY, LOGIN_PATH } from '../../app/auth/auth.constants';
import { useToast } from '../../app/toasts/toast-context';
import { readStorage, writeStorage } from '../../lib/storage';
import { LoadingState } from '../../ui/LoadingState';
import { button, textLink } from '../../ui/recipes';
import * as s from './login.styles';
import { devMailboxHref, INVALID_EMAIL, isValidEmail } from './login.utils';

const LoggedOutDialog = lazy(() => import('./LoggedOutDialog'));

/** Leaves the console for the identity provider's sign-in (a full navigation: the server redirects). */
function goToIdentityProvider() {
  window.location.assign(IDENTITY_PROVIDER_LOGIN_URL);
}

type Step = { step: 'form' } | { step: 'sent'; email: string };

export function LoginPage() {
  const search = new URLSearchParams(useSearch());
  const [step, setStep] = useState<Step>({ step: 'form' });
  const [email, setEmail] = useState('');
  const hadError = useSignInErrorToast();
  const loggedOut = search.get('logout') === 'true';
  // Sent to the provider at once only when nothing here needs reading first.
  const redirecting = useActiveProviderRedirect(!loggedOut && !hadError);

  if (redirecting) {
    return (
      <div className={s.wrap}>
        <LoadingState label="Taking you to your identity provider" />
      </div>
    );
  }

  return (
    <div className={s.wrap}>
      {step.step === 'form' ? (
        <LoginForm email={email} onEmailChange={setEmail} onSent={(sentTo) => setStep({ step: 'sent', email: sentTo })} />
      ) : (
        <CheckEmail email={step.email} onReenter={() => setStep({ step: 'form' })} />
      )}
      {loggedOut ? (
        <Suspense fallback={null}>
          <LoggedOutDialog />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Shows, once, as an error toast: the message a failed silent renewal stored, or the reason the
 * identity provider's sign-in was refused (the server's callback puts it in the address). Returns
 * whether there was one, and takes the reason out of the address so a reload does not repeat it.
 */
function useSignInErrorToast(): boolean {
  const toast = useToast();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [message] = useState(() => readStorage('session', ACCESS_DENIED_KEY) ?? new URLSearchParams(search).get('error_description'));
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !message) return;
    shown.current = true;
    writeStorage('session', ACCESS_DENIED_KEY, null);
    toast.show({ message, type: 'Error', position: 'Top' });
    const params = new URLSearchParams(search);
    if (params.has('error') || params.has('error_description')) {
      params.delete('error');
      params.delete('error_description');
      const rest = params.toString();
      navigate(rest ? `${LOGIN_PATH}?${rest}` : LOGIN_PATH, { replace: true });
    }
  }, [message, toast, navigate, search]);
  return message !== null;
}

/** When the identity provider is the active client, the page sends the agent there at once. */
function useActiveProviderRedirect(allowed: boolean): boolean {
  const provider = useIdentityProviderQuery();
  const redirect = allowed && provider.data?.configured === true && provider.data.active;
  useEffect(() => {
    if (redirect) goToIdentityProvider();
  }, [redirect]);
  return redirect;
}

function LoginForm({ email, onEmailChange, onSent }: { email: string; onEmailChange: (v: string) => void; onSent: (email: string) => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState(false);
  const send = useMagicLinkMutation();

  useEffect(() => inputRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    send.mutate(address, { onSuccess: () => onSent(address) });
  };

  const errorId = `${id}-error`;
  const sendError =
    send.error && 'status' in send.error && send.error.status === 429
      ? 'Too many sign-in requests. Please wait a moment and try again.'
      : send.error
        ? 'The magic link could not be sent. Please try again.'
        : null;

  return (
    <section className={s.card} aria-labelledby={`${id}-title`}>
      <div className={s.stack}>
        <h1 id={`${id}-title`} className={s.title}>
          Log in
        </h1>
        <p className={s.text}>Sign in to Vigil with your work email.</p>
      </div>
      <form className={s.form} onSubmit={submit} noValidate>
        <label htmlFor={`${id}-email`} className={s.label}>
          Your work email
        </label>
        <input
          ref={inputRef}
          id={`${id}-email`}
          className={s.input}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="name@company.com"
          value={email}
          onChange={(e) => {
            onEmailChange(e.target.value);
            if (invalid) setInvalid(false);
          }}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
        />
        {invalid ? (
          <p id={errorId} className={s.error} role="alert">
            {INVALID_EMAIL}
          </p>
        ) : null}
        {sendError ? (
          <p className={s.error} role="alert">
            {sendError}
          </p>
        ) : null}
        <button type="submit" className={button({ variant: 'primary' })} disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send me a magic link'}
        </button>
      </form>
      <div className={s.divider}>or</div>
      <div className={s.stack}>
        <GoogleButton />
        {/* The hidden Auth0 entry: in the DOM for support staff tooling, never visible nor focusable. */}
        <a href={LOGIN_PATH} className={cx(textLink(), s.srOnly)} tabIndex={-1} aria-hidden="true" data-connection="auth0">
          Continue with Auth0
        </a>
      </div>
    </section>
  );
}

/** Available when the server has an identity provider; otherwise shown disabled, saying why. */
function GoogleButton() {
  const hintId = useId();
  const provider = useIdentityProviderQuery();
  const available = provider.data?.configured === true;
  const unavailable = provider.isError || provider.data?.configured === false;
  return (
    <>
      <button
        type="button"
        className={button({ variant: 'secondary' })}
        disabled={!available}
        aria-describedby={unavailable ? hintId : undefined}
        onClick={goToIdentityProvider}
      >
        Continue with Google
      </button>
      {unavailable ? (
        <p id={hintId} className={s.hint}>
          Google sign-in is not available: no identity provider is configured for this console. Use a magic link instead.
        </p>
      ) : null}
    </>
  );
}

function CheckEmail({ email, onReenter }: { email: string; onReenter: () => void }) {
  const id = useId();
  // The development mailbox exists only where the server has no SMTP; it answers 404 elsewhere.
  const mailbox = useDevMailboxQuery(email);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className={s.card} aria-labelledby={`${id}-title`}>
      <div className={s.stack}>
        <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={s.title}>
          Check your email
        </h1>
        <p className={s.text}>
          If <strong>{email}</strong> is registered, you will receive a magic link to sign in. It may take a minute to arrive; if you cannot find it, check your
          spam folder.
        </p>
      </div>
      {mailbox.isSuccess ? (
        <p className={s.hint}>
          Development:{' '}
          <a className={textLink()} href={devMailboxHref(email)}>
            open the development mailbox
          </a>
        </p>
      ) : null}
      <button type="button" className={button({ variant: 'secondary' })} onClick={onReenter}>
        Re-enter your email
      </button>
    </section>
  );
}
