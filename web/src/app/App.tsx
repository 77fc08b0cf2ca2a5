import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AlertPopup } from '../ui/AlertPopup.tsx';
import { FullScreenLoader } from './FullScreenLoader.tsx';
import { LoginGate } from './LoginGate.tsx';
import { Providers } from './Providers.tsx';

const PasswordResetPage = lazy(() =>
  import('../features/session/PasswordResetPage.tsx').then((m) => ({ default: m.PasswordResetPage })),
);

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AlertPopup />
        <Suspense fallback={<FullScreenLoader text="Wird geladen …" />}>
          <Routes>
            <Route path="/passwort-zuruecksetzen/:token" element={<PasswordResetPage />} />
            <Route path="*" element={<LoginGate />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </Providers>
  );
}
