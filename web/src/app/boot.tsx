// The page's React tree and the login page's styles (main.tsx loads it).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's core styles serve the login page; the styles of dates, notifications and the editor
// come with the application after the login (app/AfterLogin.tsx).
import '@mantine/core/styles.css';
import './app.css';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
