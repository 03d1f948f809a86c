import type { ClabeAccount } from '@far/contracts';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconPencil } from '@tabler/icons-react';
import { DetailGrid } from '../../components/detail-grid';
import { DateText, MoneyText } from '../../components/value-text';
import { apiCents } from '../../lib/money';
import { USAGE_SCOPE_LABELS } from './labels';

interface Props {
  account: ClabeAccount;
  /** Offered only to whom may edit (and only for an active account). */
  onEdit?: () => void;
  /** Offered only to whom may deactivate or reactivate. */
  onToggleActive?: () => void;
}

/** The drawer of «Alta de cuentas»: everything the registry holds about one CLABE account. */
export function ClabeAccountDetail({ account: a, onEdit, onToggleActive }: Props) {
  return (
    <Stack gap="lg" data-testid="clabe-account-detail">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Titular
          </Text>
          <Text fw={600}>{a.AccountHolderName}</Text>
        </Stack>
        <Badge color={a.IsActive ? 'green' : 'gray'} variant="light" miw="max-content">
          {a.IsActive ? 'Activa' : 'Inactiva'}
        </Badge>
      </Group>
      <DetailGrid
        cols={2}
        items={[
          {
            label: 'CLABE',
            value: (
              <Text span inherit className="tabular" data-testid="clabe-account-clabe">
                {a.Clabe}
              </Text>
            ),
            wide: true,
          },
          { label: 'Institución', value: a.NameFinancialInstitution },
          {
            label: 'Clave de la institución',
            value: (
              <Text span inherit className="tabular">
                {a.FinancialInstitutionId}
              </Text>
            ),
          },
          { label: 'RFC del titular', value: a.RFC },
          { label: 'Uso', value: USAGE_SCOPE_LABELS[a.ClabeUsageScope] },
          {
            label: 'Límite diario',
            value:
              a.DailyTransferLimit === null ? (
                'Sin límite'
              ) : (
                <Text span inherit>
                  <MoneyText cents={apiCents(a.DailyTransferLimit)} inherit /> MXN
                </Text>
              ),
          },
          { label: 'Cuenta de la propia empresa', value: a.IsInternalBusiness ? 'Sí' : 'No' },
          { label: 'Registrada', value: <DateText value={a.CreatedAt} withTime inherit /> },
          { label: 'Última modificación', value: <DateText value={a.UpdatedAt} withTime inherit /> },
        ]}
      />
      {onEdit || onToggleActive ? (
        <Group gap="sm">
          {onEdit && a.IsActive ? (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={onEdit}>
              Editar
            </Button>
          ) : null}
          {onToggleActive ? (
            <Button
              variant="subtle"
              color={a.IsActive ? 'red' : 'green'}
              leftSection={a.IsActive ? <IconCircleOff size={16} /> : <IconCircleCheck size={16} />}
              onClick={onToggleActive}
            >
              {a.IsActive ? 'Desactivar' : 'Reactivar'}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
