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
