import { Checkbox } from '@mantine/core';
import { isApiError } from '../lib/api-client';

/** Whether a refusal is the account-holder check's mismatch (its message already names the CLABE's holder). */
export function isHolderMismatch(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const data = error.data as { HolderCheck?: unknown } | null;
  return data?.HolderCheck === 'mismatch';
}

/**
 * «Confirmar titular»: shown once the server refused a payee whose holder is not the name/RFC
 * given (a transfer, a CLABE registration); checked, the next attempt carries ConfirmHolder.
 */
export function HolderConfirm({ error, checked, onChange }: { error: unknown; checked: boolean; onChange: (checked: boolean) => void }) {
  if (!checked && !isHolderMismatch(error)) return null;
  return (
    <Checkbox
      data-testid="confirm-holder"
      label="Confirmar titular"
      description="Pagaré a esta CLABE aunque su titular no coincida con el nombre o RFC que escribí."
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
