import { Navigate, Route, Routes, useParams } from 'react-router';
import { RequirePermission } from '../../ui/RequirePermission.tsx';
import { AbsencePage } from './AbsencePage.tsx';
import { AbsenceRequestForm } from './AbsenceRequestForm.tsx';
import { DeputyRequestsPage } from './DeputyRequestsPage.tsx';
import { DEFAULT_VACATION_VIEW, isVacationView, vacationPath } from './paths.ts';

function ViewRoute() {
  const { view } = useParams();
  if (!isVacationView(view)) return <Navigate to={vacationPath(DEFAULT_VACATION_VIEW)} replace />;
  return <AbsencePage view={view} />;
}

/** /urlaub/{1|2|3|5|4} (the views), /urlaub/antrag (the request form) and /urlaub/vertretungen (standing in). */
export function AbsenceRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={vacationPath(DEFAULT_VACATION_VIEW)} replace />} />
      <Route
        path="antrag"
        element={
          <RequirePermission rule="urlaub_antrag_stellen">
            <AbsenceRequestForm />
          </RequirePermission>
        }
      />
      <Route path="vertretungen" element={<DeputyRequestsPage />} />
      <Route path=":view" element={<ViewRoute />} />
    </Routes>
  );
}
