import { Badge, Tooltip } from '@mantine/core';
import { useClabeRegistration } from '../lib/api/get-clabe-registration';

/** Beside a business's CLABE: whether STP has it registered (STP credits only registered CLABEs). Nothing on the sandbox rail. */
export function ClabeRegistrationBadge({ businessId }: { businessId?: string }) {
  const q = useClabeRegistration(businessId);
  if (!q.data || q.data.Rail !== 'stp') return null;
  const r = q.data;
  const badge = (
    <Badge
      size="sm"
      variant="light"
      color={r.Registered ? 'teal' : r.StatusName.startsWith('Dada de baja') ? 'gray' : 'yellow'}
      tt="none"
      data-testid="clabe-registration"
    >
      {r.StatusName}
    </Badge>
  );
  const hint = r.Registered
    ? r.RegisteredAt
      ? `Desde el ${r.RegisteredAt}`
      : null
    : r.LastError
      ? `Último intento: ${r.LastError}`
      : 'Se registrará en cuanto STP lo confirme';
  return hint ? <Tooltip label={hint}>{badge}</Tooltip> : badge;
}
