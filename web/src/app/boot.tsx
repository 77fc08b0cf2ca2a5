// The page's React tree and the login page's styles (main.tsx loads it).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's base styles; each component's own come with it (vite.config.ts, `mantineStyles`). The
// styles of dates, notifications and the editor come with the application (app/AfterLogin.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app.css';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
