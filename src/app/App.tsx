import { useEffect, useState } from 'react';
import { css } from '../../styled-system/css';
import { api, unwrap } from '../api/client';

/**
 * The console's entry while the shell is being built: it shows which server answers and where to
 * sign in from during development.
 */
export function App() {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Vigil';
    unwrap(api.GET('/api/app-version')).then((v) => setVersion(v.version), () => setVersion(null));
  }, []);
  return (
    <main className={css({ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem', color: 'ink', fontFamily: 'system-ui, sans-serif' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Vigil</h1>
      <p className={css({ color: 'muted', marginTop: '2' })}>The server and its API are running{version ? ` (version ${version})` : ''}.</p>
    </main>
  );
}
