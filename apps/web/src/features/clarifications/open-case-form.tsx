import { ClarificationAddBody, type ClarificationOut } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { SelectField } from '../../components/form-field';
import { REQUIRED_MARK } from '../../components/required-mark';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { date, money } from '../../lib/format';
import { apiCents } from '../../lib/money';
import { useOpenCase } from './api/mutations';
import { useCaseTypes, useRecentMovements } from './api/queries';

type FormInput = z.input<typeof ClarificationAddBody>;
type FormValues = z.output<typeof ClarificationAddBody>;
const FIELDS = ['v_uid_type_clarification', 't_comment', 'v_key_tracing'] as const;

/**
 * Opening a case (a business or a wallet user): the type (each with its target time), the movement
 * (picked from the caller's own movements by tracking key, or typed: the server checks it is one of
 * them) and what happened.
 */
export function OpenCaseForm({ tracking, onDone, onCancel }: { tracking: string | null; onDone: (c: ClarificationOut) => void; onCancel: () => void }) {
  const types = useCaseTypes();
  const open = useOpenCase();
  const form = useForm<FormInput, unknown, FormValues>({
    ...FORM_SETTINGS,
    resolver: zodResolver(ClarificationAddBody),
    defaultValues: { v_uid_type_clarification: '', t_comment: '', v_key_tracing: tracking ?? '' },
  });
  const typed = useWatch({ control: form.control, name: 'v_key_tracing' });
  const [search] = useDebouncedValue(typeof typed === 'string' ? typed : '', 300);
  const movements = useRecentMovements(search, true);
  const options = (movements.data?.Records ?? [])
    .filter((m) => m.TrackingKey)
    .map((m) => ({ value: m.TrackingKey!, label: `${m.TrackingKey} · ${date(m.MovementDate)} · ${money(apiCents(m.TotalAmount))}` }));
  const unique = [...new Map(options.map((o) => [o.value, o])).values()];

  const submit = form.handleSubmit((values) =>
    open.mutate(values, {
      onSuccess: onDone,
      onError: (e) => {
        if (isApiError(e)) applyServerErrors(form.setError, e, FIELDS);
      },
    }),
  );
  const applied = open.error && isApiError(open.error) && open.error.fieldErrors.some((f) => (FIELDS as readonly string[]).includes(f.field));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="open-case-form">
      <Stack gap="sm">
        <SelectField
          form={form}
          name="v_uid_type_clarification"
          label="Tipo de aclaración"
          required
          placeholder={types.isPending ? 'Cargando…' : 'Elige un tipo'}
          data={(types.data ?? []).map((t) => ({ value: t.Id, label: `${t.Value} (respuesta en ${t.SlaHours} h)` }))}
        />
        <Controller
          control={form.control}
          name="v_key_tracing"
          render={({ field, fieldState }) => (
            <Autocomplete
              label="Clave de rastreo del movimiento"
              description="Elige uno de tus movimientos o escribe su clave de rastreo (opcional)"
              placeholder="Ej. FAR20261123000012"
              data={unique}
              value={(field.value as string | undefined) ?? ''}
              onChange={(v) => field.onChange(v.includes(' · ') ? v.split(' · ')[0] : v)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              limit={20}
              data-testid="open-case-tracking"
            />
          )}
        />
        <Textarea
          label="¿Qué sucedió?"
          {...REQUIRED_MARK}
          autosize
          minRows={3}
          maxRows={8}
          {...form.register('t_comment')}
          error={form.formState.errors.t_comment?.message}
          data-testid="open-case-comment"
        />
        {open.isError && !applied ? <ErrorAlert error={open.error} title="No se registró la aclaración" /> : null}
        <Text size="xs" c="dimmed">
          Te avisaremos cuando el personal FAR responda.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={open.isPending} data-testid="open-case-submit">
            Abrir aclaración
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
