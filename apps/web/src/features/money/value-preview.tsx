import type { ValuesAndCommissions } from '@far/contracts';
import { Alert, Badge, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MoneyText } from '../../components/value-text';
import { apiCents } from '../../lib/money';

const percent = (value: string) => `${value} %`;

function Row({ label, children, strong = false, testId }: { label: string; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <Table.Tr data-testid={testId}>
      <Table.Th fw={strong ? 700 : 500} w="60%" scope="row">
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : undefined}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The value-and-commission preview of a SPEI transfer (spec §3): the commissions that apply and
 * what the transfer costs. Every amount arrives as decimal text and is shown from integer cents.
 */
export function ValuePreview({ preview }: { preview: ValuesAndCommissions }) {
  const { Commissions: c, Values: v } = preview;
  const remaining = apiCents(v.RemainingBalance);
  const short = remaining !== null && remaining < 0n;
  return (
    <Stack gap="sm" data-testid="value-preview">
      {!c.EnableSpeiOut ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="El envío SPEI está deshabilitado" data-testid="spei-out-disabled">
          Tu cuenta no tiene habilitado el envío de transferencias SPEI. Comunícate con tu ejecutivo.
        </Alert>
      ) : null}
      {short ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Saldo insuficiente" data-testid="insufficient-balance">
          Tu saldo disponible no alcanza para cubrir el total de esta transferencia.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md">
          <Title order={3} fz="sm" mb="xs">
            Valores
          </Title>
          <Table verticalSpacing={6} data-testid="preview-values">
            <Table.Tbody>
              <Row label="Monto" testId="preview-amount">
                <MoneyText cents={apiCents(v.Amount)} />
              </Row>
              <Row label="Comisión" testId="preview-commission">
                <MoneyText cents={apiCents(v.Commission)} />
              </Row>
              <Row label="IVA de la comisión" testId="preview-iva">
                <MoneyText cents={apiCents(v.IVA)} />
              </Row>
              <Row label="Total a cargar" strong testId="preview-total">
                <MoneyText cents={apiCents(v.TotalAmount)} fw={700} />
              </Row>
              <Row label="Saldo disponible después del envío" testId="preview-remaining">
                <MoneyText cents={remaining} c={short ? 'red' : undefined} />
              </Row>
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} fz="sm" mb="xs">
            Comisiones que aplican
          </Title>
          <Table verticalSpacing={6} data-testid="preview-commissions">
            <Table.Tbody>
              <Row label="Envío SPEI">
                <Badge color={c.EnableSpeiOut ? 'green' : 'red'} variant="light">
                  {c.EnableSpeiOut ? 'Habilitado' : 'Deshabilitado'}
                </Badge>
              </Row>
              <Row label="Comisión por envío SPEI (fija)">
                <MoneyText cents={apiCents(c.CommissionSpeiOutInFixedValue)} />
              </Row>
              <Row label="IVA sobre comisiones">{percent(c.CommisionIvaPercentage)}</Row>
              <Row label="Comisión por SPEI recibido">{percent(c.CommissionSpeiInInPercentage)}</Row>
            </Table.Tbody>
          </Table>
          <Divider my="xs" />
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              El total (monto + comisión + IVA) queda retenido hasta que la transferencia se liquida; si se devuelve o la cancelas, se libera.
            </Text>
          </Group>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
