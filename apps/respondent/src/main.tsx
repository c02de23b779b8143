import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { revealApp } from './lib/reveal';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Should the app never reach a step of its own (a crash), the painted welcome page must not stay forever.
window.setTimeout(revealApp, 15_000);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
