import { DISPERSION_STATUS_NAMES, HOLDER_CHECK_NAMES, type HolderCheck } from '@far/contracts';
import { Badge, type MantineColor } from '@mantine/core';
import { money } from '../../lib/format';
import { apiCentsOr0 } from '../../lib/money';

/** An API amount ('1234.50') as es-MX money. */
export const mx = (amount: string | null | undefined) => money(apiCentsOr0(amount));

/** StatusDispersion 0–7 (decision 0014) as a coloured badge. */
const COLORS: Record<number, MantineColor> = { 0: 'yellow', 1: 'grape', 2: 'blue', 3: 'green', 4: 'red', 5: 'orange', 6: 'gray', 7: 'gray' };
export function DispersionStatusBadge({ status }: { status: number }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" miw="max-content" data-dispersion-status={status}>
      {DISPERSION_STATUS_NAMES[status] ?? `Estatus ${status}`}
    </Badge>
  );
}

const HOLDER_COLORS: Record<HolderCheck, MantineColor> = { verified: 'teal', match: 'green', mismatch: 'orange', 'no-account': 'red' };
export function HolderBadge({ check }: { check: HolderCheck }) {
  return (
    <Badge color={HOLDER_COLORS[check]} variant="light" miw="max-content">
      {HOLDER_CHECK_NAMES[check]}
    </Badge>
  );
}

/** A file read as base64 with its progress (0–100) reported as it loads. */
export function readAsBase64(file: File, onProgress: (pct: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    reader.onerror = () => reject(new Error('No fue posible leer el archivo'));
    reader.onload = () => {
      onProgress(100);
      const text = String(reader.result);
      resolve(text.slice(text.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
