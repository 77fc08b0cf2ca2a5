import { Navigate, Route, Routes, useParams } from 'react-router';
import { DEFAULT_SICK_VIEW, isSickView, sickPath } from './sick-paths.ts';
import { SickReportPage } from './SickReportPage.tsx';

function ViewRoute() {
  const { view } = useParams();
  if (!isSickView(view)) return <Navigate to={sickPath(DEFAULT_SICK_VIEW)} replace />;
  return <SickReportPage view={view} />;
}

/** /krankmeldungen/{2|3|4} (the lists) and /krankmeldungen/uebersicht (sick days per person). */
export function SickReportRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={sickPath(DEFAULT_SICK_VIEW)} replace />} />
      <Route path=":view" element={<ViewRoute />} />
    </Routes>
  );
}
