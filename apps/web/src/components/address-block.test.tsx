import { PostalCodeField, RequiredText, optional } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type Resolver } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FORM_SETTINGS } from '../lib/forms';
import { REQUIRED } from '../lib/validation';
import { answer, renderWithApp } from '../test/render';
import { AddressBlock } from './address-block';

const JUAREZ = '0b6f3b1e-0000-4000-8000-000000000001';
const INFO_06600 = {
  PostalCode: '06600',
  Municipality: 'Cuauhtémoc',
  City: 'Ciudad de México',
  State: 'Ciudad de México',
  Colonies: [{ Id: JUAREZ, Name: 'Juárez', SettlementType: 'Colonia', Zone: 'Urbano' }],
};

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => answer(INFO_06600));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const schema = z.object({
  street: RequiredText(120),
  ext: RequiredText(20),
  int: optional(RequiredText(20)),
  zip: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).pipe(PostalCodeField),
  colony: z.string({ message: REQUIRED }).min(1, REQUIRED),
});
type Values = { street: string; ext: string; int: string; zip: string; colony: string | null };
const NAMES = { street: 'street', exterior: 'ext', interior: 'int', postalCode: 'zip', colony: 'colony' } as const;

function Harness({ onSubmit, readOnly }: { onSubmit: (v: unknown) => void; readOnly?: boolean }) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    ...FORM_SETTINGS,
    resolver: zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<typeof schema>>,
    defaultValues: { street: '', ext: '', int: '', zip: '', colony: null },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <AddressBlock form={form} names={NAMES} readOnly={readOnly} />
      <button type="submit">Guardar</button>
    </form>
  );
}

describe('AddressBlock', () => {
  it('marks street, number and postal code required and shows every message on submit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithApp(<Harness onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Calle')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Número interior')).not.toHaveAttribute('aria-required');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(4);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears the postal-code message as soon as a valid code is typed, fills the place and submits', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithApp(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const zip = screen.getByLabelText('Código postal');
    await waitFor(() => expect(zip).toHaveAttribute('aria-invalid', 'true'));
    await user.type(zip, '066');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    await user.type(zip, '00');
    await waitFor(() => expect(zip).not.toHaveAttribute('aria-invalid'));
    await waitFor(() => expect(screen.getByLabelText('Municipio o alcaldía')).toHaveValue('Cuauhtémoc'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Colonia' })).toHaveValue('Juárez'));
    await user.type(screen.getByLabelText('Calle'), 'Havre');
    await user.type(screen.getByLabelText('Número exterior'), '64');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ street: 'Havre', ext: '64', int: undefined, zip: '06600', colony: JUAREZ });
  });

  it('read only: no required marks and no editing', () => {
    renderWithApp(<Harness onSubmit={() => {}} readOnly />);
    expect(screen.getByLabelText('Calle')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Calle')).not.toHaveAttribute('aria-required');
  });
});
