import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PUBLIC_ROUTES } from '../features/session/routes.tsx';
import { ConnectionNotices } from './ConnectionNotices.tsx';
import { FullScreenLoader } from './FullScreenLoader.tsx';
import { LoginGate } from './LoginGate.tsx';
import { Providers } from './Providers.tsx';

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <Suspense fallback={<FullScreenLoader text="Wird geladen …" />}>
          <Routes>
            {PUBLIC_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
            <Route path="*" element={<LoginGate />} />
          </Routes>
        </Suspense>
        <ConnectionNotices />
      </BrowserRouter>
    </Providers>
  );
}
