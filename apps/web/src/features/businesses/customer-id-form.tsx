import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useUpdateCustomerId } from './api/update-customer-id';

const PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The card processor's CustomerId of the business (letters, digits, _ and -; up to 64). */
export function CustomerIdForm({ businessId, current }: { businessId: string; current: string | null }) {
  const save = useUpdateCustomerId();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    const problem = v === '' ? 'Este campo es requerido' : PATTERN.test(v) ? null : 'Identificador de cliente no válido';
    setError(problem);
    if (problem) return;
    save.mutate(
      { Id: businessId, CustomerId: v },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Se guardó el número de cliente.' }),
        onError: (err) => setError(err.fieldErrors.find((f) => f.field === 'CustomerId')?.message ?? err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate data-testid="form-customer-id">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Número de cliente en el procesador de tarjetas"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          aria-invalid={error ? true : undefined}
          w={{ base: '100%', sm: 360 }}
        />
        <Button type="submit" variant="light" mt={{ sm: 25 }} loading={save.isPending} disabled={value.trim() === (current ?? '')}>
          Guardar número de cliente
        </Button>
      </Group>
    </form>
  );
}
