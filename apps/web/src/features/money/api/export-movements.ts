import type { MovementsExportBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/money';
import { todayIso } from '../../../lib/format';
import { filtersBody, type MovementFilters } from './list-movements';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/business-movement/movements/export { …filters, Format: 'csv' | 'xlsx' } → the file the server builds. */
type MovementsExportRequest = z.input<typeof MovementsExportBody>;
export type ExportFormat = MovementsExportRequest['Format'];

export const exportMovements = (f: MovementFilters, format: ExportFormat) => {
  const body: MovementsExportRequest = { ...filtersBody(f), Format: format };
  return api.POST('/api/v1/transaction/business-movement/movements/export', { body, responseType: 'blob', timeoutMs: 120_000 });
};

export function useExportMovements() {
  return useMutation({
    mutationFn: async ({ filters, format }: { filters: MovementFilters; format: ExportFormat }) => {
      const blob = await unwrap(exportMovements(filters, format));
      saveBlob(blob, `movimientos-${todayIso()}.${format}`);
      return blob;
    },
  });
}
