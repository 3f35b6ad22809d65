// The login screen (spec part 1, section 2 "Login screen"): magic link by work email; Google shown
// but unavailable (no identity provider is configured in this product); a hidden Auth0 link.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { cx } from '../../../styled-system/css';
import { api, unwrap } from '../../api/client';
import { ACCESS_DENIED_KEY, LOGIN_PATH } from '../../app/auth/auth.constants';
import { useToast } from '../../app/toasts/toast-context';
import { readStorage, writeStorage } from '../../lib/storage';
import { button, textLink } from '../../ui/recipes';
import * as s from './login.styles';
import { devMailboxHref, INACTIVITY_MESSAGE, INVALID_EMAIL, isValidEmail } from './login.utils';

type Step = { step: 'form' } | { step: 'sent'; email: string };

export function LoginPage() {
  const search = useSearch();
  const [step, setStep] = useState<Step>({ step: 'form' });
  const [email, setEmail] = useState('');
  useAccessDeniedToast();
  const loggedOut = new URLSearchParams(search).get('logout') === 'true';

  return (
    <div className={s.wrap}>
      {step.step === 'form' ? (
        <LoginForm email={email} onEmailChange={setEmail} onSent={(sentTo) => setStep({ step: 'sent', email: sentTo })} />
      ) : (
        <CheckEmail email={step.email} onReenter={() => setStep({ step: 'form' })} />
      )}
      {loggedOut ? <LoggedOutDialog /> : null}
    </div>
  );
}

/** A message a failed silent renewal stored shows once, as an error toast. */
function useAccessDeniedToast() {
  const toast = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    const message = readStorage('session', ACCESS_DENIED_KEY);
    if (!message) return;
    writeStorage('session', ACCESS_DENIED_KEY, null);
    toast.show({ message, type: 'Error', position: 'Top' });
  }, [toast]);
}

function LoginForm({ email, onEmailChange, onSent }: { email: string; onEmailChange(v: string): void; onSent(email: string): void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState(false);
  const send = useMutation({
    mutationFn: (address: string) => unwrap(api.POST('/api/agents/magic-link', { body: { email: address } })),
    onSuccess: (_, address) => onSent(address),
  });

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
    send.mutate(address);
  };

  const errorId = `${id}-error`;
  const googleHintId = `${id}-google`;
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
        {/* No identity provider is configured in this product: the button is shown, disabled, with the reason. */}
        <button type="button" className={button({ variant: 'secondary' })} disabled aria-describedby={googleHintId}>
          Continue with Google
        </button>
        <p id={googleHintId} className={s.hint}>
          Google sign-in is not available: no identity provider is configured for this console. Use a magic link instead.
        </p>
        {/* The hidden Auth0 entry: in the DOM for support staff tooling, never visible nor focusable. */}
        <a href={LOGIN_PATH} className={cx(textLink(), s.srOnly)} tabIndex={-1} aria-hidden="true" data-connection="auth0">
          Continue with Auth0
        </a>
      </div>
    </section>
  );
}

function CheckEmail({ email, onReenter }: { email: string; onReenter(): void }) {
  const id = useId();
  // The development mailbox exists only where the server has no SMTP; it answers 404 elsewhere.
  const mailbox = useQuery({
    queryKey: ['dev', 'mailbox', 'available', email],
    queryFn: () => unwrap(api.GET('/api/dev/mailbox', { params: { query: { to: email } } })),
    retry: false,
    staleTime: Infinity,
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className={s.card} aria-labelledby={`${id}-title`}>
      <div className={s.stack}>
        <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={s.title}>
          Check your email
        </h1>
        <p className={s.text}>
          If <strong>{email}</strong> is registered, you will receive a magic link to sign in. It may take a minute to arrive; if you
          cannot find it, check your spam folder.
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

function LoggedOutDialog() {
  const [open, setOpen] = useState(true);
  const [, navigate] = useLocation();
  const close = () => {
    setOpen(false);
    navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? setOpen(true) : close())} role="alertdialog">
      <Portal>
        <Dialog.Backdrop className={s.backdrop} />
        <Dialog.Positioner className={s.positioner}>
          <Dialog.Content className={s.dialog}>
            <Dialog.Title className={s.dialogTitle}>You have been logged out</Dialog.Title>
            <Dialog.Description className={s.text}>{INACTIVITY_MESSAGE}</Dialog.Description>
            <div className={s.actions}>
              <button type="button" className={button({ variant: 'primary' })} onClick={close}>
                Log In
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
