import { Box, Tabs } from '@mantine/core';
import { IconBuildingStore, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/current-user.tsx';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { NoPermission } from '../../ui/NoPermission.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { LocationList } from '../locations/LocationList.tsx';
import { TeamList } from '../teams/TeamList.tsx';
import { UserList } from '../users/UserList.tsx';
import { SETTINGS_SECTIONS } from './sections.ts';

const ICONS = { benutzer: IconUsers, benutzergruppen: IconUsersGroup, standorte: IconBuildingStore } as const;
const CONTENT = { benutzer: UserList, benutzergruppen: TeamList, standorte: LocationList } as const;

/** View 'Einstellungen': one tab per section the user may see, each at /einstellungen/<section>. */
export function SettingsPage() {
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sections = SETTINGS_SECTIONS.filter((s) => can(s.permission));
  const current = pathname.split('/')[2] ?? '';
  const currentSection = SETTINGS_SECTIONS.find((s) => s.path === current);
  const active = currentSection && sections.includes(currentSection) ? current : null;

  const routes = (
    <Routes>
      <Route index element={sections[0] ? <Navigate to={sections[0].path} replace /> : <NoPermission />} />
      {SETTINGS_SECTIONS.map((s) => {
        const Content = CONTENT[s.path as keyof typeof CONTENT];
        return <Route key={s.path} path={s.path} element={can(s.permission) ? <Content /> : <NoPermission />} />;
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );

  return (
    <>
      <PageHeader
        title="Einstellungen"
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          currentSection ? { label: 'Einstellungen', to: '/einstellungen' } : { label: 'Einstellungen' },
          ...(currentSection ? [{ label: currentSection.label }] : []),
        ]}
      />
      {sections.length > 0 ? (
        <Tabs value={active} onChange={(value) => value && navigate(`/einstellungen/${value}`)}>
          <Tabs.List>
            {sections.map((s) => {
              const Icon = ICONS[s.path as keyof typeof ICONS];
              return (
                <Tabs.Tab key={s.path} value={s.path} leftSection={Icon ? <Icon size={16} /> : undefined}>
                  {s.label}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {active ? (
            <Tabs.Panel value={active} pt="lg">
              {routes}
            </Tabs.Panel>
          ) : (
            <Box pt="lg">{routes}</Box>
          )}
        </Tabs>
      ) : (
        routes
      )}
    </>
  );
}
