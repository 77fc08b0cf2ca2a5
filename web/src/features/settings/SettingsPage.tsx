import { Fragment, lazy, Suspense, type ComponentType } from 'react';
import { Box, Center, Loader, Paper, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TablerIcon } from '@tabler/icons-react';
import {
  IconAdjustments,
  IconBeach,
  IconBuildingFactory,
  IconBuildingFactory2,
  IconBuildingStore,
  IconCalendarEvent,
  IconHistory,
  IconMessageReport,
  IconProgressCheck,
  IconRosetteDiscountCheck,
  IconTag,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useCan } from '../../shell-api/current-user.tsx';
import { NotFoundPage } from '../../ui/NotFoundPage.tsx';
import { NoPermission } from '../../ui/NoPermission.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { LocationList } from '../locations/LocationList.tsx';
import { TeamList } from '../teams/TeamList.tsx';
import { UserList } from '../users/UserList.tsx';
import { SETTINGS_GROUPS, SETTINGS_SECTIONS, type SettingsSection } from './sections.ts';
import { SectionStrip } from './SectionStrip.tsx';
import classes from './SettingsPage.module.css';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const loadLists = () => import('../lists/sections.tsx');
const SpecialAppointmentList = named(() => import('../special-appointments/SpecialAppointmentList.tsx'), 'SpecialAppointmentList');
const LoginLogList = named(() => import('../session/LoginLogList.tsx'), 'LoginLogList');
const SchoolVacationsSection = named(() => import('../absences/SchoolVacationsSection.tsx'), 'SchoolVacationsSection');
const GlobalSettingsForm = named(() => import('../global-settings/GlobalSettingsForm.tsx'), 'GlobalSettingsForm');

const ICONS: Record<string, TablerIcon> = {
  benutzer: IconUsers,
  sondertermine: IconCalendarEvent,
  benutzergruppen: IconUsersGroup,
  standorte: IconBuildingStore,
  schulferien: IconBeach,
  'login-verlauf': IconHistory,
  hersteller: IconBuildingFactory2,
  labels: IconTag,
  status: IconProgressCheck,
  'beanstandung-hersteller': IconBuildingFactory,
  'beanstandung-qualitaet': IconRosetteDiscountCheck,
  'beanstandung-grund': IconMessageReport,
  'globale-einstellungen': IconAdjustments,
};

const CONTENT: Record<string, ComponentType> = {
  benutzer: UserList,
  sondertermine: SpecialAppointmentList,
  benutzergruppen: TeamList,
  standorte: LocationList,
  schulferien: SchoolVacationsSection,
  'login-verlauf': LoginLogList,
  hersteller: named(loadLists, 'ManufacturerList'),
  labels: named(loadLists, 'ColorLabelList'),
  status: named(loadLists, 'StatusList'),
  'beanstandung-hersteller': named(loadLists, 'ClaimManufacturerList'),
  'beanstandung-qualitaet': named(loadLists, 'ClaimQualityList'),
  'beanstandung-grund': named(loadLists, 'ClaimReasonList'),
  'globale-einstellungen': GlobalSettingsForm,
};

/** From this width the sections are listed on the left, below it in a scrollable strip. */
const SIDE_NAVIGATION_QUERY = '(min-width: 88em)';

function SectionTab({ section, className }: { section: SettingsSection; className: string }) {
  const Icon = ICONS[section.path];
  return (
    <Tabs.Tab value={section.path} leftSection={Icon ? <Icon size={16} stroke={1.7} /> : undefined} className={className}>
      {section.label}
    </Tabs.Tab>
  );
}

function SectionLoader() {
  return (
    <Center py={60}>
      <Loader size="sm" />
    </Center>
  );
}

const UserFormPage = named(() => import('../users/UserFormPage.tsx'), 'UserFormPage');
const TeamEditorPage = named(() => import('../teams/TeamEditorPage.tsx'), 'TeamEditorPage');

/**
 * View 'Einstellungen'. The editors of users and user groups are views of their own
 * (/einstellungen/benutzer/neu, /einstellungen/benutzer/:id, /einstellungen/benutzergruppen/neu,
 * /einstellungen/benutzergruppen/:id), shown without the section list; every other address is
 * a section.
 */
export function SettingsPage() {
  return (
    <Suspense fallback={<SectionLoader />}>
      <Routes>
        <Route path="benutzer/neu" element={<UserFormPage />} />
        <Route path="benutzer/:id" element={<UserFormPage />} />
        <Route path="benutzergruppen/neu" element={<TeamEditorPage />} />
        <Route path="benutzergruppen/:id" element={<TeamEditorPage />} />
        <Route path="*" element={<SettingsSections />} />
      </Routes>
    </Suspense>
  );
}

/**
 * The sections: one tab per section the user may see, each at /einstellungen/<section>.
 * Wide screens list the sections on the left under group headings; narrower ones in a strip
 * that scrolls sideways and keeps the current section in view.
 */
function SettingsSections() {
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wide = useMediaQuery(SIDE_NAVIGATION_QUERY, true, { getInitialValueInEffect: false });
  const sections = SETTINGS_SECTIONS.filter((s) => can(s.permission));
  const current = pathname.split('/')[2] ?? '';
  const currentSection = SETTINGS_SECTIONS.find((s) => s.path === current);
  const active = currentSection && sections.includes(currentSection) ? current : null;

  const routes = (
    <Suspense fallback={<SectionLoader />}>
      <Routes>
        <Route index element={sections[0] ? <Navigate to={sections[0].path} replace /> : <NoPermission />} />
        {SETTINGS_SECTIONS.map((s) => {
          const Content = CONTENT[s.path] ?? NotFoundPage;
          return <Route key={s.path} path={s.path} element={can(s.permission) ? <Content /> : <NoPermission />} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
  const panel = active ? <Tabs.Panel value={active}>{routes}</Tabs.Panel> : <Box>{routes}</Box>;
  const showGroups = new Set(sections.map((s) => s.group ?? 'Allgemein')).size > 1;

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
      {sections.length === 0 ? (
        routes
      ) : wide ? (
        <Tabs
          value={active}
          onChange={(value) => value && navigate(`/einstellungen/${value}`)}
          orientation="vertical"
          variant="pills"
          classNames={{ tabLabel: classes.sideTabLabel }}
          styles={{ root: { gap: 'var(--mantine-spacing-lg)', alignItems: 'flex-start' } }}
        >
          <Paper withBorder className={classes.sideNav}>
            <Tabs.List aria-label="Bereiche der Einstellungen">
              {SETTINGS_GROUPS.map((group) => {
                const inGroup = sections.filter((s) => (s.group ?? 'Allgemein') === group);
                if (inGroup.length === 0) return null;
                return (
                  <Fragment key={group}>
                    {showGroups && (
                      <div className={classes.groupLabel} aria-hidden>
                        {group}
                      </div>
                    )}
                    {inGroup.map((s) => (
                      <SectionTab key={s.path} section={s} className={classes.sideTab} />
                    ))}
                  </Fragment>
                );
              })}
            </Tabs.List>
          </Paper>
          <div className={classes.content}>{panel}</div>
        </Tabs>
      ) : (
        <Tabs value={active} onChange={(value) => value && navigate(`/einstellungen/${value}`)}>
          <SectionStrip activeKey={active}>
            <Tabs.List aria-label="Bereiche der Einstellungen" className={classes.stripList}>
              {sections.map((s) => (
                <SectionTab key={s.path} section={s} className={classes.stripTab} />
              ))}
            </Tabs.List>
          </SectionStrip>
          <Box pt="lg">{panel}</Box>
        </Tabs>
      )}
    </>
  );
}
