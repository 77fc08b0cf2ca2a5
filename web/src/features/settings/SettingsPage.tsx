import { Fragment, Suspense } from 'react';
import { Box, Center, Loader, Paper, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useCan } from '../../shell-api/current-user.tsx';
import { SETTINGS_GROUPS, type SettingsSection } from '../../shell-api/feature.ts';
import { useRegistry } from '../../shell-api/registry.tsx';
import { NoPermission } from '../../ui/NoPermission.tsx';
import { NotFoundPage } from '../../ui/NotFoundPage.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SectionStrip } from './SectionStrip.tsx';
import classes from './SettingsPage.module.css';

/** From this width the sections are listed on the left, below it in a scrollable strip. */
const SIDE_NAVIGATION_QUERY = '(min-width: 88em)';

function SectionTab({ section, className }: { section: SettingsSection; className: string }) {
  const Icon = section.icon;
  return (
    <Tabs.Tab value={section.path} leftSection={<Icon size={16} stroke={1.7} />} className={className}>
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

/**
 * View 'Einstellungen', from the sections the features declare. The pages a section declares
 * (the editors of users and user groups: /einstellungen/benutzer/neu, /einstellungen/benutzer/:id,
 * /einstellungen/benutzergruppen/neu, /einstellungen/benutzergruppen/:id) are views of their own,
 * shown without the section list; every other address is a section.
 */
export function SettingsPage() {
  const { settings } = useRegistry();
  return (
    <Suspense fallback={<SectionLoader />}>
      <Routes>
        {settings.flatMap((s) =>
          (s.pages ?? []).map((page) => <Route key={`${s.path}/${page.path}`} path={`${s.path}/${page.path}`} element={page.element} />),
        )}
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
  const { settings } = useRegistry();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wide = useMediaQuery(SIDE_NAVIGATION_QUERY, true, { getInitialValueInEffect: false });
  const sections = settings.filter((s) => can(s.permission));
  const current = pathname.split('/')[2] ?? '';
  const currentSection = settings.find((s) => s.path === current);
  const active = currentSection && sections.includes(currentSection) ? current : null;

  const routes = (
    <Suspense fallback={<SectionLoader />}>
      <Routes>
        <Route index element={sections[0] ? <Navigate to={sections[0].path} replace /> : <NoPermission />} />
        {settings.map((s) => (
          <Route key={s.path} path={s.path} element={can(s.permission) ? s.element : <NoPermission />} />
        ))}
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
