import { Stack, Text } from '@mantine/core';
import { ApiKeysTable } from '../../components/api-keys-table';
import { ErrorAlert } from '../../components/error-alert';
import { useApiKeys, useRevokeApiKey } from '../../lib/api/api-keys';
import { notifyActionFailed } from '../../lib/notify';

/** Staff: a business's API keys (never their secrets), and revoking one at once. */
export function ApiKeysTab({ businessId, canRevoke }: { businessId: string; canRevoke: boolean }) {
  const keys = useApiKeys(businessId);
  const revoke = useRevokeApiKey(businessId);
  return (
    <Stack gap="sm" data-testid="business-api-keys">
      <Text size="sm" c="dimmed">
        Las claves las crea la empresa en su perfil. Aquí puedes ver su uso y revocarlas si se comprometieron.
      </Text>
      {keys.isError ? <ErrorAlert error={keys.error} title="No fue posible cargar las claves de API" onRetry={() => void keys.refetch()} /> : null}
      <ApiKeysTable keys={keys.data ?? []} onRevoke={canRevoke ? (k) => revoke.mutate(k.v_uid, { onError: notifyActionFailed }) : undefined} />
    </Stack>
  );
}
