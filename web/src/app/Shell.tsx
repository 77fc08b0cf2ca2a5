import { Fragment, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { ActionIcon, AppShell, Box, Burger, Center, Group, Loader, NavLink, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconLogout } from '@tabler/icons-react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { session } from '../api/session.ts';
import { opensDashboard } from '../features/dashboard/DashboardPage.tsx';
import { revokeToken } from '../features/session/session.api.ts';
import { useCurrentUser } from '../shell-api/current-user.tsx';
import { visibleNavigation, type NavItem } from '../shell-api/navigation.ts';
import { RegistryContext, type Registry } from '../shell-api/registry.tsx';
import { AfterFirstView } from '../ui/AfterFirstView.tsx';
import { Logo } from '../ui/Logo.tsx';
import { NotFoundPage } from '../ui/NotFoundPage.tsx';
import { RequirePermission } from '../ui/RequirePermission.tsx';
import { Tooltip } from '../ui/Tooltip.tsx';
import { UserAvatar } from '../ui/UserAvatar.tsx';
import { markFirstViewShown } from '../shell-api/first-view.ts';
import { useLiveCounters } from './live-events.ts';
import { APP_NAME, NAVIGATION, pageTitle } from './navigation.ts';
import { DASHBOARD_CARDS, HEADER_ITEMS, LIVE_REREADS, NAV_BADGES, OVERLAYS, ROUTES, SETTINGS_SECTIONS, USER_SETTINGS } from './routes.ts';
import { uiState, useUiState } from './ui-state.ts';
import { useTokenRefresh } from './useTokenRefresh.ts';
import classes from './Shell.module.css';

/** What the features contribute to views that show others' parts (settings, dashboard, task links). */
const REGISTRY: Registry = { navigation: NAVIGATION, settings: SETTINGS_SECTIONS, dashboard: DASHBOARD_CARDS, userSettings: USER_SETTINGS };

function NavLabel({ item }: { item: NavItem }) {
  const Counter = item.counter ? NAV_BADGES[item.counter] : undefined;
  if (!Counter) return item.label;
  return (
    <Group component="span" justify="space-between" gap="xs" wrap="nowrap">
      <span>{item.label}</span>
      <Counter />
    </Group>
  );
}

function isActive(pathname: string, path: string) {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** A sub-entry is active on its address, or anywhere in its view when it names one (`match`). */
function isChildActive(pathname: string, child: NavItem) {
  return child.match ? isActive(pathname, child.match) : pathname === child.path;
}

function NavEntry({ item, pathname }: { item: NavItem; pathname: string }) {
  const Icon = item.icon;
  const icon = Icon ? <Icon size={20} stroke={1.7} /> : undefined;
  const active = isActive(pathname, item.path) || (item.children ?? []).some((child) => isChildActive(pathname, child));
  const [opened, setOpened] = useState(active);
  // Arriving in a section (e.g. through a link) opens its sub-entries.
  useEffect(() => {
    if (active) setOpened(true);
  }, [active]);
  if (item.children && item.children.length > 0) {
    return (
      <NavLink
        component="button"
        type="button"
        label={<NavLabel item={item} />}
        leftSection={icon}
        opened={opened}
        onChange={setOpened}
        aria-expanded={opened}
        className={classes.navLink}
      >
        {item.children.map((child) => (
          <NavLink
            key={child.path}
            component={Link}
            to={child.path}
            label={child.label}
            active={isChildActive(pathname, child)}
            className={classes.navLink}
          />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={<NavLabel item={item} />}
      leftSection={icon}
      active={isActive(pathname, item.path)}
      aria-current={isActive(pathname, item.path) ? 'page' : undefined}
      className={classes.navLink}
    />
  );
}

function UserBlock() {
  const user = useCurrentUser();
  const location = user.currentLocation?.label ?? user.locationLabel;
  return (
    <Tooltip label="Benutzereinstellungen">
      <UnstyledButton component={Link} to="/benutzereinstellungen" className={classes.userButton}>
        {/* The name is the visible text plus 'Benutzereinstellungen' (WCAG 2.5.3: the name contains the label). */}
        <Group gap="sm" wrap="nowrap">
          <UserAvatar uri={user.resourceUri} firstName={user.firstName} lastName={user.lastName} radius="xl" size={36} aria-hidden />
          <Box visibleFrom="xs" className={classes.userText}>
            <Text size="sm" fw={600} lh={1.25} truncate="end">
              {user.fullName}
            </Text>
            <Text size="xs" c="dimmed" lh={1.25} truncate="end">
              {user.roleLabel}
              {location ? ` · ${location}` : ''}
            </Text>
          </Box>
          <VisuallyHidden>Benutzereinstellungen</VisuallyHidden>
        </Group>
      </UnstyledButton>
    </Tooltip>
  );
}

function PageLoader() {
  return (
    <Center py={80} role="status" aria-label="Wird geladen …">
      <Loader />
    </Center>
  );
}

/** Id of the main content, the target of the skip link. */
const MAIN_ID = 'inhalt';

/**
 * 'Zum Inhalt springen': the first stop of the keyboard, shown when focused. It moves the
 * focus itself instead of following '#inhalt', which would add a history entry.
 */
function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skip}>
      Zum Inhalt springen
    </a>
  );
}

/** The application frame: header, navigation and the routed views. */
export function Shell() {
  useTokenRefresh();
  useLiveCounters(LIVE_REREADS);
  const user = useCurrentUser();
  // Any page but the dashboard (which says so itself once its cards are drawn): its first view is the shell with it.
  useEffect(() => {
    if (!opensDashboard(user.permissions)) markFirstViewShown();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page the shell first opened with
  }, []);
  const { headerOpen } = useUiState();
  const [navOpened, nav] = useDisclosure(false);
  // Below Mantine's 'sm' the navigation is a drawer: its entries, and the requests of their
  // counters, are drawn when it first opens, not with every page a phone loads; then they stay,
  // so the drawer does not slide away empty.
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [navDrawn, setNavDrawn] = useState(wide);
  if ((wide || navOpened) && !navDrawn) setNavDrawn(true);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const items = visibleNavigation(user.permissions, NAVIGATION, user.role);

  // A chosen view closes the mobile navigation.
  const closeNav = nav.close;
  useEffect(() => closeNav(), [pathname, closeNav]);

  // Each view names itself in the browser tab and history ('Urlaub – Filialportal').
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  useEffect(
    () => () => {
      document.title = APP_NAME;
    },
    [],
  );

  async function logout() {
    setLoggingOut(true);
    try {
      await revokeToken();
    } catch {
      // The session ends on this side in any case.
    }
    navigate('/', { replace: true });
    session.reset();
  }

  const toggleHeader = () => uiState.update({ headerOpen: !headerOpen });

  return (
    <RegistryContext.Provider value={REGISTRY}>
      <AppShell
        header={{ height: 64, collapsed: !headerOpen }}
        navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding={{ base: 'md', md: 'lg', xl: 'xl' }}
        className={classes.shell}
      >
        <SkipLink />
        <AppShell.Header className={classes.header}>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Navigation öffnen" />
              <UnstyledButton component={Link} to="/dashboard" aria-label="Filialportal – zum Dashboard" className={classes.logo}>
                <Logo />
              </UnstyledButton>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {HEADER_ITEMS.map((item, i) => (
                <Fragment key={i}>{item}</Fragment>
              ))}
              <UserBlock />
              <Tooltip label="Kopfzeile ausblenden">
                <ActionIcon variant="subtle" color="stone.8" size="lg" onClick={toggleHeader} aria-label="Kopfzeile ausblenden">
                  <IconChevronUp size={20} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="sm" aria-label="Hauptnavigation" className={classes.navbar}>
          {navDrawn && (
            <>
              <AppShell.Section grow className={classes.navScroll}>
                <Stack gap={2}>
                  {items.map((item) => (
                    <NavEntry key={item.path} item={item} pathname={pathname} />
                  ))}
                </Stack>
              </AppShell.Section>
              <AppShell.Section className={classes.navFooter}>
                <NavLink
                  component="button"
                  label="Abmelden"
                  leftSection={loggingOut ? <Loader size={18} /> : <IconLogout size={20} stroke={1.7} />}
                  onClick={logout}
                  disabled={loggingOut}
                  className={classes.navLink}
                />
              </AppShell.Section>
            </>
          )}
        </AppShell.Navbar>

        <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          {!headerOpen && (
            <Tooltip label="Kopfzeile einblenden" position="left">
              <ActionIcon
                variant="default"
                size="lg"
                radius="xl"
                className={classes.headerToggle}
                onClick={toggleHeader}
                aria-label="Kopfzeile einblenden"
              >
                <IconChevronDown size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          <Box className={classes.content}>
            <Suspense fallback={<PageLoader />}>
              <Routes>
                <Route index element={<Navigate to="/dashboard" replace />} />
                {ROUTES.map((route) => (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={
                      // A boundary of its own per view: the first visit of a view shows the loader at once,
                      // where the shared boundary would keep the previous view on screen while the
                      // view's code loads (navigation runs as a transition).
                      <Suspense key={route.path} fallback={<PageLoader />}>
                        <RequirePermission rule={route.permission}>{route.element}</RequirePermission>
                      </Suspense>
                    }
                  />
                ))}
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          </Box>
          <AfterFirstView>
            {OVERLAYS.map((overlay, i) => (
              <Fragment key={i}>{overlay}</Fragment>
            ))}
          </AfterFirstView>
        </AppShell.Main>
      </AppShell>
    </RegistryContext.Provider>
  );
}
