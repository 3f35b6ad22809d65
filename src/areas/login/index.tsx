import { css } from '../../../styled-system/css';
import type { AreaProps } from '../../app/routes.types';

const wrap = css({ flex: '1', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '6' });
const card = css({ width: '100%', maxWidth: '24rem', bg: 'white', borderWidth: '1px', borderStyle: 'solid', borderColor: 'line', borderRadius: 'lg', p: '8' });
const title = css({ fontSize: '2xl', fontWeight: 'semibold' });
const text = css({ mt: '2', color: 'muted', lineHeight: '1.6' });

/** Placeholders for the sign-in screens, which are built separately. */
export default function LoginArea({ routeId }: AreaProps) {
  const exchange = routeId === 'login.email';
  return (
    <div className={wrap}>
      <section className={card} aria-labelledby="login-title">
        <h1 id="login-title" className={title}>
          {exchange ? 'Signing you in' : 'Log in'}
        </h1>
        <p className={text}>{exchange ? 'Checking your sign-in link…' : 'Sign in to Vigil with your work email.'}</p>
      </section>
    </div>
  );
}
