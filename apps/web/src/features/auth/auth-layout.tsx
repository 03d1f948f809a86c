import { useDocumentTitle } from '@mantine/hooks';
import { documentTitle } from '../../components/page-header';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}

/** Frame of the screens before sign-in: brand panel and a centred card. */
export function AuthLayout({ title, subtitle, children, footer, width = 440 }: AuthLayoutProps) {
  useDocumentTitle(documentTitle(title));
  return (
    <Box mih="100vh" style={{ display: 'flex' }}>
      <Box
        visibleFrom="md"
        w="40%"
        p={48}
        c="white"
        style={{
          background: 'linear-gradient(160deg, var(--mantine-color-far-9) 0%, var(--mantine-color-far-7) 60%, var(--mantine-color-far-5) 100%)',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        }}
      >
        <Group gap="sm">
          <Box
            w={44}
            h={44}
            bg="white"
            c="far.8"
            style={{ borderRadius: 10, display: 'grid', placeItems: 'center', fontWeight: 800, fontSize: 14 }}
            aria-hidden
          >
            FAR
          </Box>
          <Text fw={700} fz={22}>
            FAR Portal
          </Text>
        </Group>
        <Stack gap="sm" maw={420}>
          <Title order={2} fz={32} lh={1.2}>
            Tarjetas prepagadas y dinero electrónico, en un solo lugar.
          </Title>
          <Text opacity={0.85}>Administra cuentas, dispersiones, transferencias SPEI y aclaraciones con la seguridad que tu operación necesita.</Text>
        </Stack>
        <Text size="sm" opacity={0.7}>
          © {new Date().getFullYear()} FAR · México
        </Text>
      </Box>
      <Center style={{ flex: 1 }} p="md" bg="gray.0">
        <Stack w="100%" maw={width} gap="lg">
          <Anchor component={Link} to="/login" hiddenFrom="md" underline="never" fw={700} fz={20} c="far.8">
            FAR Portal
          </Anchor>
          <Paper withBorder shadow="sm" p={32} radius="lg">
            <Stack gap={4} mb="lg">
              <Title order={1} fz={24}>
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Paper>
          {footer}
        </Stack>
      </Center>
    </Box>
  );
}
