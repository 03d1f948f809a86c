import {
  ActionIcon,
  Alert,
  AppShell,
  Avatar,
  Box,
  Burger,
  Button,
  Group,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useDeferredValue } from 'react';
import { IconLogout, IconMail } from '@tabler/icons-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { HEADER_HEIGHT } from '../../lib/layout';
import { LoadingScreen } from '../../components/loading-screen';
import { fullName } from '../../lib/format';
import { useMe } from '../../lib/api/get-me';
import { roleLabel } from '@far/contracts';
import { usePhotoUrl } from '../../lib/api/get-my-photo';
import { useMenu, type MenuItem } from '../../lib/api/get-menu';
import { errorText } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useLogOut } from './api/log-out';
import { menuIcon } from './menu-icons';
import { HeaderSearch } from './header-search';
import { NotificationBell } from './notification-bell';

/** The entry whose url is the longest prefix of the current path ('/account/status' beats '/account'). */
function activeUrl(menu: MenuItem[] | undefined, pathname: string): string | null {
  let best: string | null = null;
  for (const entry of menu ?? []) {
    const url = entry.v_url;
    if (pathname === url || pathname.startsWith(`${url}/`)) {
      if (!best || url.length > best.length) best = url;
    }
  }
  return best;
}

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { mustChangePassword } = useSession();
  const menu = useMenu();
  // The entries render in the background when they arrive (the menu is off screen on a phone).
  const entries = useDeferredValue(menu.data);
  const current = activeUrl(entries, pathname);

  if (mustChangePassword) {
    return (
      <Alert color="yellow" variant="light" title="Cambia tu contraseña">
        <Text size="sm">El menú estará disponible en cuanto cambies tu contraseña temporal.</Text>
      </Alert>
    );
  }

  if (menu.isError) {
    return (
      <Alert color="red" variant="light" title="No fue posible cargar el menú">
        <Text size="sm">{errorText(menu.error)}</Text>
        <Button size="xs" mt="xs" variant="white" color="red" onClick={() => void menu.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  if (!entries) {
    return (
      <Stack gap="xs" aria-busy>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={34} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      {entries.map((entry) => {
        const Icon = menuIcon(entry.v_icon);
        return (
          <NavLink
            key={entry.v_uid}
            component={Link}
            to={entry.v_url}
            label={entry.v_name}
            leftSection={<Icon size={18} stroke={1.6} />}
            active={current === entry.v_url}
            aria-current={current === entry.v_url ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 500 } }}
          />
        );
      })}
    </Stack>
  );
}

function UserBlock() {
  const me = useMe();
  const { url } = usePhotoUrl(me.data?.hasPhoto === true);
  if (me.isPending) return <Skeleton h={36} w={180} />;
  if (me.isError) return null;
  const name = fullName(me.data);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="header-user">
      <Avatar color="far" radius="xl" size={36} src={url} alt={url ? `Foto de ${name}` : undefined}>
        {initials(name)}
      </Avatar>
      <Box visibleFrom="sm" style={{ lineHeight: 1.2 }}>
        <Text size="sm" fw={600} data-testid="header-user-name">
          {name}
        </Text>
        <Text size="xs" c="dimmed" data-testid="header-user-role">
          {roleLabel(me.data.role.v_name)} · {me.data.v_client}
        </Text>
      </Box>
    </Group>
  );
}

/** A super administrator's mailbox (its own component: the person's arrival re-renders it, not the layout). */
function MailboxLink() {
  const me = useMe();
  if (!me.data?.isSuper) return null;
  return (
    <Tooltip label="Buzón de mensajes enviados">
      <ActionIcon component={Link} to="/mailbox" variant="light" size="lg" aria-label="Buzón" data-testid="header-mailbox">
        <IconMail size={20} />
      </ActionIcon>
    </Tooltip>
  );
}

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const { mustChangePassword } = useSession();
  const { signOut, pending: signingOut } = useLogOut();

  if (mustChangePassword && pathname !== '/profile') {
    return <Navigate to="/profile?cambiar-contrasena=1" replace />;
  }

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Abrir menú" />
            <UnstyledButton component={Link} to="/dashboard" title="Ir al inicio" data-testid="header-logo">
              <Group gap={8} wrap="nowrap">
                <Box
                  w={34}
                  h={34}
                  bg="far.7"
                  c="white"
                  style={{ borderRadius: 8, display: 'grid', placeItems: 'center', fontWeight: 800, fontSize: 12, letterSpacing: 0.5 }}
                  aria-hidden
                >
                  FAR
                </Box>
                {/* On a phone the logo alone names the portal: the header's controls keep their full size. */}
                <Text fw={700} size="lg" c="far.9" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                  FAR Portal
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          {/* xs between the header's controls: a staff member's five fit a 390 px phone with room to spare. */}
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <HeaderSearch />
            <MailboxLink />
            <NotificationBell />
            <UserBlock />
            <Button
              variant="default"
              leftSection={<IconLogout size={16} />}
              onClick={() => void signOut()}
              loading={signingOut}
              data-testid="header-logout"
              aria-label="Cerrar sesión"
              px={{ base: 'xs', sm: 'md' }}
            >
              <Box component="span" visibleFrom="sm">
                Cerrar sesión
              </Box>
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Menú principal" data-testid="side-menu">
        <AppShell.Section grow component={ScrollArea}>
          <SideMenu onNavigate={close} />
        </AppShell.Section>
        <AppShell.Section>
          <Text size="xs" c="dimmed" ta="center" pt="sm">
            FAR Portal · es-MX
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Box maw={1280} mx="auto">
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
