import { MCC_GROUPS, MCC_GROUP_KEYS, type CardControls, type MccGroup } from '@far/contracts';
import { Button, Group, Modal, MultiSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { useSetControls } from './api';

const GROUP_OPTIONS = MCC_GROUP_KEYS.map((k) => ({ value: k, label: MCC_GROUPS[k].name }));
const names = (groups: readonly MccGroup[]) => groups.map((g) => MCC_GROUPS[g].name).join(', ');

/** The controls in words: what the card may and may not be used for. */
export function controlsSummary(c: CardControls): string {
  const parts = [
    c.InPerson ? null : 'sin compras presenciales',
    c.Online ? null : 'sin compras en línea',
    c.Atm ? null : 'sin retiros en cajero',
    c.DomesticOnly ? 'solo en México' : null,
    c.AllowedMccGroups.length ? `solo ${names(c.AllowedMccGroups)}` : null,
    c.BlockedMccGroups.length ? `bloqueadas: ${names(c.BlockedMccGroups)}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Sin restricciones';
}

/**
 * Card controls the server enforces at each authorisation (issue 26 §2): channels (in person,
 * online, ATM), use abroad and merchant categories (only these / blocked).
 */
export function CardControlsPanel({
  identifier,
  controls,
  businessId,
  canEdit,
}: {
  identifier: string;
  controls: CardControls;
  businessId?: string;
  canEdit: boolean;
}) {
  const [draft, setDraft] = useState<CardControls | null>(null);
  const save = useSetControls(businessId);
  const set = (patch: Partial<CardControls>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Controles de la tarjeta
          </Title>
          <Text size="sm" data-testid="card-controls">
            {controlsSummary(controls)}
          </Text>
        </Stack>
        {canEdit ? (
          <Button variant="light" onClick={() => setDraft(controls)}>
            Editar controles
          </Button>
        ) : null}
      </Group>
      <Modal opened={draft !== null} onClose={() => setDraft(null)} title="Controles de la tarjeta" centered size="lg">
        {draft ? (
          <Stack gap="sm">
            {save.isError ? <ErrorAlert error={save.error} title="No se guardaron los controles" /> : null}
            <ControlsFields value={draft} onChange={set} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDraft(null)}>
                Cancelar
              </Button>
              <Button
                loading={save.isPending}
                onClick={() =>
                  save.mutate(
                    { identifier, controls: draft },
                    {
                      onSuccess: () => {
                        setDraft(null);
                        notifications.show({ color: 'green', message: 'Controles guardados' });
                      },
                    },
                  )
                }
              >
                Guardar controles
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}

/** The controls' fields, for editing a card's controls and for setting them when a virtual card is issued. */
export function ControlsFields({ value: draft, onChange: set }: { value: CardControls; onChange: (patch: Partial<CardControls>) => void }) {
  return (
    <>
      <Switch label="Compras presenciales" checked={draft.InPerson} onChange={(e) => set({ InPerson: e.currentTarget.checked })} />
      <Switch label="Compras en línea" checked={draft.Online} onChange={(e) => set({ Online: e.currentTarget.checked })} />
      <Switch label="Retiros en cajero automático" checked={draft.Atm} onChange={(e) => set({ Atm: e.currentTarget.checked })} />
      <Switch
        label="Uso en el extranjero"
        description="Apagado: la tarjeta solo funciona en México."
        checked={!draft.DomesticOnly}
        onChange={(e) => set({ DomesticOnly: !e.currentTarget.checked })}
      />
      <MultiSelect
        label="Solo permitir estas categorías"
        description="Vacío: se permite toda categoría que no esté bloqueada."
        data={GROUP_OPTIONS}
        value={draft.AllowedMccGroups}
        onChange={(v) => set({ AllowedMccGroups: v as MccGroup[] })}
        clearable
      />
      <MultiSelect
        label="Categorías bloqueadas"
        data={GROUP_OPTIONS}
        value={draft.BlockedMccGroups}
        onChange={(v) => set({ BlockedMccGroups: v as MccGroup[] })}
        clearable
      />
    </>
  );
}
