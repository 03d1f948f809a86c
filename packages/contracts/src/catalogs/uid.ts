/**
 * Fixed catalogue ids: a per-catalogue 8-hex prefix and a position, shaped as a version-4 uuid
 * (version nibble 4, variant 8) so that uuid-v4 validation accepts them like any other id.
 */
export function fixedUid(prefix: string, position: number): string {
  if (!/^[0-9a-f]{8}$/.test(prefix) || !Number.isSafeInteger(position) || position < 0 || position > 999_999_999_999) {
    throw new RangeError(`Identificador de catálogo no válido: ${prefix}/${position}`);
  }
  return `${prefix}-0000-4000-8000-${String(position).padStart(12, '0')}`;
}
