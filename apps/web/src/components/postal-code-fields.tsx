import { Grid, Loader, Select, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { errorText, isApiError } from '../lib/api-client';
import { isPostalCode, usePostalCode } from '../lib/api/get-postal-code';
import { REQUIRED_MARK } from './required-mark';

/** What an unknown postal code shows, word for word (the API's 404 text). */
export const POSTAL_CODE_NOT_FOUND = 'No encontrado';

interface PostalCodeFieldsProps {
  postalCode: string;
  onPostalCodeChange: (value: string) => void;
  onPostalCodeBlur?: () => void;
  colonyId: string | null;
  onColonyChange: (value: string | null) => void;
  onColonyBlur?: () => void;
  postalCodeError?: string;
  colonyError?: string;
  readOnly?: boolean;
  required?: boolean;
}

/**
 * Código postal → municipio, ciudad y estado (filled from the postal code table, read only) and the
 * colonies to pick from. An unknown code says 'No encontrado'. The form keeps only the code and the
 * colony id; the server takes the names from its own table.
 */
export function PostalCodeFields({
  postalCode,
  onPostalCodeChange,
  onPostalCodeBlur,
  colonyId,
  onColonyChange,
  onColonyBlur,
  postalCodeError,
  colonyError,
  readOnly = false,
  required = true,
}: PostalCodeFieldsProps) {
  const code = postalCode.trim();
  const lookup = usePostalCode(code);
  const complete = isPostalCode(code);
  const info = complete && lookup.isSuccess ? lookup.data : undefined;
  const notFound = complete && lookup.isError && isApiError(lookup.error) && lookup.error.status === 404;
  const lookupError = complete && lookup.isError ? (notFound ? POSTAL_CODE_NOT_FOUND : errorText(lookup.error)) : undefined;
  const colonies = info?.Colonies ?? [];

  // A colony belongs to one code: a new code drops a colony that is not among its own, and a code
  // with a single colony picks it.
  const colonyIds = colonies.map((c) => c.Id).join(',');
  useEffect(() => {
    if (readOnly || !info) return;
    const ids = colonyIds === '' ? [] : colonyIds.split(',');
    if (colonyId && !ids.includes(colonyId)) onColonyChange(ids.length === 1 ? ids[0]! : null);
    else if (!colonyId && ids.length === 1) onColonyChange(ids[0]!);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the code's colonies change
  }, [colonyIds]);

  const mark = required && !readOnly ? REQUIRED_MARK : {};
  const variant = readOnly ? 'filled' : 'default';
  return (
    <Grid data-testid="postal-code-fields">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label="Código postal"
          {...mark}
          inputMode="numeric"
          maxLength={5}
          autoComplete="postal-code"
          readOnly={readOnly}
          variant={variant}
          value={postalCode}
          onChange={(e) => onPostalCodeChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
          onBlur={onPostalCodeBlur}
          rightSection={complete && lookup.isFetching ? <Loader size={16} role="status" aria-label="Buscando código postal" /> : null}
          error={postalCodeError ?? lookupError}
          aria-invalid={postalCodeError || lookupError ? true : undefined}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <Select
          label="Colonia"
          {...mark}
          placeholder={info ? 'Selecciona una colonia' : 'Escribe primero el código postal'}
          data={colonies.map((c) => ({ value: c.Id, label: c.SettlementType && c.SettlementType !== 'Colonia' ? `${c.Name} (${c.SettlementType})` : c.Name }))}
          value={colonyId}
          onChange={onColonyChange}
          onBlur={onColonyBlur}
          searchable
          nothingFoundMessage="Sin coincidencias"
          disabled={!readOnly && !info}
          readOnly={readOnly}
          variant={variant}
          error={colonyError}
          aria-invalid={colonyError ? true : undefined}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Municipio o alcaldía" value={info?.Municipality ?? ''} readOnly variant="filled" tabIndex={-1} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Ciudad" value={info?.City ?? ''} readOnly variant="filled" tabIndex={-1} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Estado" value={info?.State ?? ''} readOnly variant="filled" tabIndex={-1} />
      </Grid.Col>
    </Grid>
  );
}
