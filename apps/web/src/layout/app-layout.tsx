import { AppShell, Badge, Burger, Button, Group, Image, NavLink, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { APP_VERSION } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { looksLikeScanText, readScan } from '@tz/shared/rules/scanner-input';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth, useSessionInfo } from '../auth/use-session';
import { loadAppointmentsScreen } from '../features/appointments/appointments-screen';
import { useNewsPrompt } from '../features/news/use-news-prompt';
import { useSwitchWorkingCentre } from '../features/platform/working-centre';
import { handleScan, notifyScanCutOff, useHandScanner } from '../features/search/use-hand-scanner';
import { mayOpen } from '../route-access';
import { deferred, type StandInProps } from '../ui/deferred';
import { lazyDialog } from '../ui/lazy-dialog';
import { ModalsHost } from '../ui/modals-host';
import { whenIdle } from '../ui/when-idle';
import { ProfileButton, type ProfileMenuProps } from './profile-button';
import { activeEntry, sidebarEntries } from './sidebar-entries';
import { useHost } from './use-host';

/** The header's camera scan dialog: its code with its first opening, not with every screen (issue 28). */
const CameraScanModal = lazyDialog(
  () => import('../features/search/camera-scan-modal').then((m) => m.CameraScanModal),
  (props) => props.opened,
);

/** The news prompt: a dialog, its code with its first opening (it is due once per login session at most). */
const NewsPrompt = lazyDialog(
  () => import('../features/news/news-prompt').then((m) => m.NewsPrompt),
  (props) => props.state.open,
);

/** The profile menu (Menu, floating-ui) with its first click: every screen has the button (issue 28). */
const ProfileMenu = deferred(
  () => import('./profile-menu').then((m) => m.ProfileMenu),
  ({ reach, preload, name }: ProfileMenuProps & StandInProps) => (
    <ProfileButton name={name} onPointerEnter={preload} onFocus={preload} onClick={() => reach('open')} />
  ),
);

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const auth = useAuth();
  const info = useSessionInfo();
  const host = useHost();
  const location = useLocation();
  const switchTo = useSwitchWorkingCentre();
  const news = useNewsPrompt();
  const entries = sidebarEntries({
    roleId: auth.role_id,
    staffId: auth.staffId,
    userId: auth.id,
    consumables: info.data?.centre.consumables ?? false,
    pcrSidebar: info.data?.centre.pcr_sidebar ?? false,
    host: host.data,
  });
  const active = activeEntry(entries, location.pathname);
  // The list is where the day's work happens: its code is asked for once the first screen is drawn and
  // the browser is idle, so 'Termine' opens without waiting for it (issue 28: ~80 ms of the click).
  const mayOpenList = mayOpen('appointments', auth.role_id);
  useEffect(() => (mayOpenList ? whenIdle(loadAppointmentsScreen) : undefined), [mayOpenList]);

  return (
    <>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'lg', collapsed: { mobile: !opened } }}
        footer={{ height: 32 }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label="Navigation umschalten" />
              <UnstyledButton component={Link} to="/">
                <Group gap="xs" wrap="nowrap">
                  <Image src={host.data?.logo_url ?? '/logo.svg'} alt="" w={32} h={32} />
                  <Text fw={700} size="sm">
                    {host.data?.brand ?? 'Testzentrum Backoffice'}
                  </Text>
                </Group>
              </UnstyledButton>
            </Group>
            <HeaderSearch />
            <ProfileMenu name={auth.name} email={auth.email} />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" component="nav" aria-label="Hauptnavigation">
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            {entries.map((e) =>
              e.external ? (
                <NavLink
                  key={e.label}
                  label={e.label}
                  href={e.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  component="a"
                />
              ) : (
                <NavLink
                  key={e.label}
                  label={e.label}
                  component={Link}
                  to={e.href}
                  onClick={close}
                  rightSection={
                    e.route === 'news' && news.quiet ? (
                      <Badge size="xs" variant="filled">
                        neu
                      </Badge>
                    ) : undefined
                  }
                  active={e === active}
                />
              ),
            )}
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
          <NewsPrompt state={news} />
        </AppShell.Main>
        <AppShell.Footer px="md">
          <Group h="100%" justify="flex-end" gap="xs" wrap="nowrap">
            {auth.staffId !== auth.bookly_staff_id && (
              <>
                <Text size="xs" truncate>
                  Übernommene ID: {info.data?.centre.full_name ?? ''}
                </Text>
                <Button size="compact-xs" variant="light" onClick={() => switchTo(auth.bookly_staff_id)}>
                  Zurück zur eigenen ID {auth.bookly_staff_id}
                </Button>
              </>
            )}
            <Badge variant="light" color="gray">
              Staff-ID {auth.staffId} · v{APP_VERSION}
            </Badge>
          </Group>
        </AppShell.Footer>
      </AppShell>
      {/* Confirmations (modals.openConfirmModal) belong to logged-in screens only: Modal and its
          dependencies stay out of the login screen's download, and load after this screen is drawn. */}
      <ModalsHost />
    </>
  );
}

/** The header search (Enter searches) and, on every logged-in screen, the hand-scanner listener. */
function HeaderSearch() {
  const [q, setQ] = useState('');
  const navigate = useNavigate();
  const { staffId } = useAuth();
  const qc = useQueryClient();
  const [camera, setCamera] = useState(false);
  // The first characters of a scan reach the focused field before the detector knows: the box is cleared.
  useHandScanner(() => setQ(''));
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    // Pieces of a scan that reached the box (the detector missed its start) are never searched for.
    if (looksLikeScanText(q)) {
      setQ('');
      notifyScanCutOff();
    } else if (q.trim()) {
      // The search is sent at once, while the results screen loads (its code loads with the first search).
      void import('../features/search/use-search').then((m) => m.prefetchSearch(qc, staffId, q.trim()));
      navigate(`/search?q=${encodeURIComponent(q.trim())}`);
    }
  };
  const onCameraScan = (text: string) => {
    if (readScan(text, window.location.origin).kind === 'ignored') return;
    setCamera(false);
    void handleScan(text, staffId, navigate);
  };
  return (
    <search style={{ flex: 1, maxWidth: 420 }}>
      <form onSubmit={submit}>
        <Group gap={4} wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label="Kunden und Termine suchen"
            placeholder="Kunden und Termine suchen …"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
          <Button variant="default" onClick={() => setCamera(true)} aria-label={MSG.cameraTitle}>
            QR
          </Button>
        </Group>
      </form>
      <CameraScanModal opened={camera} onClose={() => setCamera(false)} onScan={onCameraScan} />
    </search>
  );
}
