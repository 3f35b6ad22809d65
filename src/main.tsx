import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import './app/devtools/new-design';
import { App } from './app/App';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
