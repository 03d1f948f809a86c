import { MOVEMENT_STATUS_NAMES } from '@far/contracts';
import { Badge, type MantineColor } from '@mantine/core';

/** StatusBusinessMovement 0–8 (Pendiente … Eliminada, Por autorizar, Rechazada por el autorizador) as a coloured badge. */
const COLORS: Record<number, MantineColor> = { 0: 'yellow', 1: 'blue', 2: 'green', 3: 'orange', 4: 'red', 5: 'gray', 6: 'gray', 7: 'violet', 8: 'red' };

export function MovementStatusBadge({ status }: { status: number }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" miw="max-content" data-movement-status={status}>
      {MOVEMENT_STATUS_NAMES[status] ?? `Estatus ${status}`}
    </Badge>
  );
}
