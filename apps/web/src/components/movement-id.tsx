import { movementFolio, showsTrackingKey, type BusinessMovement } from '@far/contracts';
import { Text } from '@mantine/core';
import type { DetailItem } from './detail-grid';

/**
 * What identifies a movement in its detail: the tracking key when it travels over SPEI (a dash until
 * it has one), otherwise the folio its receipt carries (a wallet-to-wallet transfer has no key).
 */
export function movementIdItem(m: Pick<BusinessMovement, 'MovementType' | 'TrackingKey' | 'OperationDate' | 'Id'>): DetailItem {
  if (!showsTrackingKey(m.MovementType, m.TrackingKey)) return { label: 'Folio', value: movementFolio(m.OperationDate, m.Id) };
  return {
    label: 'Clave de rastreo',
    value: m.TrackingKey ? (
      <Text span inherit className="tabular" data-testid="movement-tracking-key">
        {m.TrackingKey}
      </Text>
    ) : null,
  };
}

/** The search box of a movements list: what its matcher (decision 0034) finds, short, and in full on hover. */
export const MOVEMENT_SEARCH_HINT = {
  placeholder: 'Nombre, clave, CLABE o monto',
  title: 'Palabras del nombre, concepto, referencia o alias, desde su inicio; clave de rastreo o CLABE, desde su inicio; un monto exacto',
} as const;
