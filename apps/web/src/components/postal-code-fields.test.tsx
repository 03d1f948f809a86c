import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, renderWithApp } from '../test/render';
import { POSTAL_CODE_NOT_FOUND, PostalCodeFields } from './postal-code-fields';

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
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/v1/postal-code/06600') return answer(INFO_06600);
    return new Response(
      JSON.stringify({
        success: false,
        IsSuccess: false,
        data: null,
        status: { code: 404, message: 'No encontrado' },
        ErrorCode: 'NOT_FOUND_LOOKUP',
        message: 'No encontrado',
      }),
      {
        status: 404,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Harness() {
  const [code, setCode] = useState('');
  const [colony, setColony] = useState<string | null>(null);
  return (
    <>
      <PostalCodeFields postalCode={code} onPostalCodeChange={setCode} colonyId={colony} onColonyChange={setColony} />
      <output data-testid="colony-id">{colony ?? ''}</output>
    </>
  );
}

describe('PostalCodeFields', () => {
  it("says exactly 'No encontrado' for an unknown postal code and offers no colony", async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.type(screen.getByLabelText('Código postal'), '99999');
    expect(await screen.findByText(POSTAL_CODE_NOT_FOUND)).toBeInTheDocument();
    expect(POSTAL_CODE_NOT_FOUND).toBe('No encontrado');
    expect(screen.getByLabelText('Código postal')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Colonia' })).toBeDisabled();
    expect(screen.getByLabelText('Municipio o alcaldía')).toHaveValue('');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/postal-code/99999', expect.anything());
  });

  it('does not look up a code until it has five digits, and keeps only digits', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.type(screen.getByLabelText('Código postal'), '06a6');
    expect(screen.getByLabelText('Código postal')).toHaveValue('066');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fills municipality, city and state and picks the only colony of a known code', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.type(screen.getByLabelText('Código postal'), '06600');
    await waitFor(() => expect(screen.getByLabelText('Municipio o alcaldía')).toHaveValue('Cuauhtémoc'));
    expect(screen.getByLabelText('Ciudad')).toHaveValue('Ciudad de México');
    expect(screen.getByLabelText('Estado')).toHaveValue('Ciudad de México');
    await waitFor(() => expect(screen.getByTestId('colony-id')).toHaveTextContent(JUAREZ));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Colonia' })).toHaveValue('Juárez'));
    expect(screen.queryByText(POSTAL_CODE_NOT_FOUND)).not.toBeInTheDocument();
  });
});
