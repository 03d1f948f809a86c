import type { CepState } from '@far/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../lib/api-client';

/** Banxico's CEP, the product's own PDF, or (unset) the CEP when it exists and the own PDF otherwise. */
export type ProofKind = 'cep' | 'propio';

/** The file a proof is saved as. */
export const proofFileName = (trackingKey: string | null, id: string, kind?: ProofKind) =>
  kind === 'cep' ? `CEP-${trackingKey ?? id}.pdf` : `comprobante-${trackingKey ?? id}.pdf`;

/** Downloads and saves one proof (each screen's own route: the business's or the wallet's). */
export type SaveProof = (kind?: ProofKind) => Promise<unknown>;

function ProofDownload({ save, kind, label }: { save: SaveProof; kind?: ProofKind; label: string }) {
  // One call per button, so each shows its own wait.
  const proof = useMutation({ mutationFn: () => save(kind) });
  return (
    <Button
      variant="light"
      leftSection={<IconFileDownload size={16} />}
      loading={proof.isPending}
      onClick={() =>
        proof.mutate(undefined, { onError: (e) => notifications.show({ color: 'red', title: 'No se descargó el comprobante', message: errorText(e) }) })
      }
    >
      {label}
    </Button>
  );
}

/**
 * The proofs on a movement's detail: for a SPEI out settled through STP, the state of Banxico's CEP
 * and, once issued, the CEP beside the product's own PDF; otherwise the one proof the server offers.
 * `children`: more actions on the same row.
 */
export function ProofDownloads({ cep, save, children }: { cep: CepState | null | undefined; save: SaveProof; children?: ReactNode }) {
  return (
    <Stack gap="xs">
      {cep ? (
        <Text size="sm" c="dimmed" data-testid="cep-state">
          {cep.StatusName}
        </Text>
      ) : null}
      <Group gap="sm">
        {cep?.Available ? <ProofDownload save={save} kind="cep" label="CEP de Banxico (PDF)" /> : null}
        <ProofDownload
          save={save}
          kind={cep?.Available ? 'propio' : undefined}
          label={cep?.Available ? 'Comprobante propio (PDF)' : 'Comprobante de pago (PDF)'}
        />
        {children}
      </Group>
    </Stack>
  );
}
