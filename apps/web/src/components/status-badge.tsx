import { statusLabel as catalogLabel, statusName } from '@far/contracts';
import { Badge, type MantineColor } from '@mantine/core';

/** Colours for the status names of spec §4. */
const COLORS: Record<string, MantineColor> = {
  activo: 'green',
  'activo-desbloqueado': 'green',
  'activo-bloqueado': 'orange',
  inactivo: 'gray',
  'inactivo-desbloqueado': 'gray',
  'inactivo-bloqueado': 'orange',
  desactivado: 'gray',
  pendiente: 'yellow',
  'por-abrir': 'yellow',
  'en-proceso': 'blue',
  escalada: 'grape',
  finalizado: 'teal',
  cerrado: 'teal',
  'no-finalizado': 'red',
  leido: 'gray',
  'no-leido': 'blue',
  eliminado: 'red',
};

/** The user statuses as people say them: blocked is what matters once blocked. */
const SPOKEN: Record<string, string> = {
  'activo-desbloqueado': 'Activo',
  'activo-bloqueado': 'Bloqueado',
  'inactivo-desbloqueado': 'Inactivo',
  'inactivo-bloqueado': 'Inactivo y bloqueado',
};

/** 'activo-desbloqueado' (or its uuid) → 'Activo'; an unknown name is shown tidied up. */
export function statusLabel(nameOrUid: string): string {
  const spoken = SPOKEN[statusName(nameOrUid) ?? nameOrUid];
  if (spoken) return spoken;
  const known = catalogLabel(nameOrUid);
  if (known) return known;
  const text = nameOrUid.replace(/-/g, ' ').trim();
  return text.charAt(0).toLocaleUpperCase('es-MX') + text.slice(1);
}

/** A catalogue status (spec §4), by name or uuid, as a coloured badge. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  if (!status)
    return (
      <Badge color="gray" variant="light">
        Sin estatus
      </Badge>
    );
  const name = statusName(status) ?? status;
  return (
    <Badge color={COLORS[name] ?? 'gray'} variant="light" data-status={name}>
      {statusLabel(status)}
    </Badge>
  );
}

/** A boolean active flag as a badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}
