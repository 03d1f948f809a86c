import { Grid, Stack } from '@mantine/core';
import { useController, type FieldValues, type Path } from 'react-hook-form';
import { isPostalCode } from '../lib/api/get-postal-code';
import { TextField, type AnyForm } from './form-field';
import { PostalCodeFields } from './postal-code-fields';

/** The names the form gives to the five address fields (§3 names differ between modules). */
export interface AddressNames<F extends FieldValues> {
  street: Path<F>;
  exterior: Path<F>;
  interior: Path<F>;
  postalCode: Path<F>;
  colony: Path<F>;
}

/**
 * A Mexican address: street and numbers, then the postal code that fills municipality, city and
 * state and offers its colonies. The postal-code message goes as soon as five valid digits are typed.
 */
export function AddressBlock<F extends FieldValues>({
  form,
  names,
  readOnly = false,
  testId,
}: {
  form: AnyForm<F>;
  names: AddressNames<F>;
  readOnly?: boolean;
  testId?: string;
}) {
  const code = useController({ control: form.control, name: names.postalCode });
  const colony = useController({ control: form.control, name: names.colony });
  return (
    <Stack gap="md" data-testid={testId}>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField form={form} name={names.street} label="Calle" required readOnly={readOnly} autoComplete="address-line1" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextField form={form} name={names.exterior} label="Número exterior" required readOnly={readOnly} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextField form={form} name={names.interior} label="Número interior" readOnly={readOnly} />
        </Grid.Col>
      </Grid>
      <PostalCodeFields
        postalCode={(code.field.value as string | undefined) ?? ''}
        onPostalCodeChange={(v) => {
          code.field.onChange(v);
          if (isPostalCode(v)) form.clearErrors(names.postalCode);
        }}
        onPostalCodeBlur={code.field.onBlur}
        colonyId={(colony.field.value as string | null | undefined) ?? null}
        onColonyChange={(v) => {
          colony.field.onChange(v);
          if (v) form.clearErrors(names.colony);
        }}
        onColonyBlur={colony.field.onBlur}
        postalCodeError={code.fieldState.error?.message}
        colonyError={colony.fieldState.error?.message}
        readOnly={readOnly}
      />
    </Stack>
  );
}
