import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import './app/devtools/new-design';
import { App } from './app/App';

// The server's Content-Security-Policy allows no inline style but the page's nonce: <style> elements
// that libraries add at run time (the palette dialog's scroll lock) take it from here (get-nonce
// reads __webpack_nonce__). The property, not the attribute: browsers hide a nonce from the DOM.
const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (cspNonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = cspNonce;

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
