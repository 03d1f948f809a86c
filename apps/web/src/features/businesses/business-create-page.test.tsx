import { TYPE_PERSON_IDS, rfcCheckDigit } from '@far/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { answer, renderWithApp } from '../../test/render';
import { BusinessCreatePage } from './business-create-page';

const MORAL_BASE = 'CDE190312AB';
const MORAL_RFC = MORAL_BASE + rfcCheckDigit(MORAL_BASE);
/** Same shape and date, another check digit: SAT's algorithm says it does not match. */
const MORAL_RFC_BAD_DIGIT = MORAL_BASE + (rfcCheckDigit(MORAL_BASE) === '1' ? '2' : '1');
const COLONY = '0b6f3b1e-0000-4000-8000-000000000001';
const BUSINESS_ID = '2c7d9e10-0000-4000-8000-000000000099';

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(answer(null, 404));
  vi.stubGlobal('fetch', fetchMock);
  session.start({ AccessToken: 'tok', RefreshToken: 'refresh-token-1', ExpiresIn: 3600 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

const render = () =>
  renderWithApp(<BusinessCreatePage />, { route: '/user/business/nueva', path: '/user/business/nueva', extraRoutes: ['/user/business/:id', '/user/business'] });
const next = () => screen.getByRole('button', { name: 'Siguiente' });
const invalid = (label: string) => expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
const fieldError = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : null;
};

describe('BusinessCreatePage, datos fiscales', () => {
  it('persona moral: a 12-character RFC and the company name, no CURP or last names; every empty control is marked', async () => {
    const user = userEvent.setup();
    render();
    expect(screen.getByLabelText('Razón social')).toBeInTheDocument();
    expect(screen.queryByLabelText('CURP')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Primer apellido')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Teléfono celular')).not.toBeInTheDocument();

    await user.click(next());
    await waitFor(() => invalid('Razón social'));
    invalid('RFC');
    invalid('Correo electrónico de la empresa');
    expect(fieldError('Razón social')).toBe('Este campo es requerido');
    expect(fieldError('RFC')).toBe('Este campo es requerido');

    // A persona física's 13-character RFC is the wrong length here.
    await user.type(screen.getByLabelText('RFC'), 'HEVL850214QX9');
    await user.click(next());
    await waitFor(() => expect(fieldError('RFC')).toBe('El RFC debe tener 12 caracteres'));
    expect(screen.getByRole('heading', { level: 2, name: 'Datos fiscales' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('persona física: a 13-character RFC, CURP, names and last names; no company name required', async () => {
    const user = userEvent.setup();
    render();
    await user.click(screen.getByText('Persona física'));
    expect(screen.queryByLabelText('Razón social')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nombre(s)')).toBeInTheDocument();
    expect(screen.getByLabelText('Primer apellido')).toBeInTheDocument();
    expect(screen.getByLabelText('Segundo apellido')).toBeInTheDocument();
    expect(screen.getByLabelText('CURP')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre comercial')).toBeInTheDocument();

    await user.click(next());
    await waitFor(() => invalid('Nombre(s)'));
    invalid('Primer apellido');
    invalid('RFC');
    invalid('CURP');
    invalid('Correo electrónico de la empresa');
    expect(screen.getByLabelText('Segundo apellido')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nombre comercial')).not.toHaveAttribute('aria-invalid', 'true');

    // A persona moral's 12-character RFC is the wrong length here; a short CURP too.
    await user.type(screen.getByLabelText('RFC'), MORAL_RFC);
    await user.type(screen.getByLabelText('CURP'), 'HEVL850214');
    await user.click(next());
    await waitFor(() => expect(fieldError('RFC')).toBe('El RFC debe tener 13 caracteres'));
    expect(fieldError('CURP')).toBe('La CURP debe tener 18 caracteres');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an RFC whose check digit does not match is a warning the operator confirms before going on', async () => {
    const user = userEvent.setup();
    render();
    await user.type(screen.getByLabelText('Razón social'), 'Comercializadora Demo SA de CV');
    await user.type(screen.getByLabelText('RFC'), MORAL_RFC_BAD_DIGIT);
    await user.type(screen.getByLabelText('Correo electrónico de la empresa'), 'demo@empresa.mx');
    expect(within(screen.getByTestId('rfc-warning')).getByText('El dígito verificador del RFC no coincide')).toBeInTheDocument();

    await user.click(next());
    expect(await screen.findByText('Confirma que el RFC es correcto para continuar')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Confirmo que el RFC es correcto'));
    await user.click(next());
    expect(await screen.findByRole('heading', { level: 2, name: 'Domicilio' })).toBeInTheDocument();
  });
});

describe('BusinessCreatePage, alta completa', () => {
  it("creates the business, confirms the server's RFC warning (422) and registers the legal representative", async () => {
    const creates: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v1/postal-code/06600') {
        return answer({
          PostalCode: '06600',
          Municipality: 'Cuauhtémoc',
          City: 'Ciudad de México',
          State: 'Ciudad de México',
          Colonies: [{ Id: COLONY, Name: 'Juárez', SettlementType: 'Colonia', Zone: 'Urbano' }],
        });
      }
      if (url === '/api/v1/profiles/business/action/create') {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        creates.push(body);
        if (!body['ConfirmRfcWarning']) {
          return answer(
            { RequiresConfirmation: true, Warnings: [{ field: 'Rfc', key: 'checkDigit', message: 'El dígito verificador del RFC no coincide' }] },
            422,
            {
              ErrorCode: 'BUSINESS_RULE',
              message: 'El dígito verificador del RFC no coincide',
            },
          );
        }
        return answer({
          Id: BUSINESS_ID,
          ClientNumber: 'BUS000009',
          TypePerson: TYPE_PERSON_IDS.moral,
          CompanyName: 'Comercializadora Demo SA de CV',
          Name: null,
          LastName: null,
          SecondLastName: null,
          Rfc: MORAL_RFC,
          Curp: null,
          Email: 'demo@empresa.mx',
          Mobile: null,
          MobileCode: '+52',
          Street: 'Reforma',
          ExteriorNumber: '222',
          InteriorNumber: null,
          PostalCode: '06600',
          NeighborhoodId: COLONY,
          Neighborhood: 'Juárez',
          Municipality: 'Cuauhtémoc',
          City: 'Ciudad de México',
          State: 'Ciudad de México',
          CreatedAt: '2026-01-01T00:00:00.000Z',
          ActivedAt: null,
          DeActivedAt: null,
          BlockedAt: null,
          UnBlockedAt: null,
          AccountNumber: '646180249000000091',
          CustomerId: null,
          RegisteredUsers: 1,
          Status: { Id: 's', Name: 'pendiente' },
          FirstUser: { Id: 'u', Email: 'ana@empresa.mx' },
        });
      }
      if (url === '/api/v1/legal-representative') {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return answer({
          v_uid: 'r',
          ...body,
          v_last_name_2: null,
          v_email_alternative: null,
          d_create_at: '2026-01-01T00:00:00.000Z',
          d_update_at: '2026-01-01T00:00:00.000Z',
        });
      }
      return answer(null, 404);
    });
    const user = userEvent.setup();
    render();

    await user.type(screen.getByLabelText('Razón social'), 'Comercializadora Demo SA de CV');
    await user.type(screen.getByLabelText('RFC'), MORAL_RFC.toLowerCase());
    await user.type(screen.getByLabelText('Correo electrónico de la empresa'), 'demo@empresa.mx');
    await user.click(next());

    await screen.findByRole('heading', { level: 2, name: 'Domicilio' });
    await user.click(next());
    await waitFor(() => invalid('Calle'));
    invalid('Número exterior');
    invalid('Código postal');
    await user.type(screen.getByLabelText('Calle'), 'Reforma');
    await user.type(screen.getByLabelText('Número exterior'), '222');
    await user.type(screen.getByLabelText('Código postal'), '06600');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Colonia' })).toHaveValue('Juárez'));
    await user.click(next());

    await screen.findByRole('heading', { level: 2, name: 'Representante legal' });
    await user.type(screen.getByLabelText('Nombre(s) del representante'), 'Mariana');
    await user.type(screen.getByLabelText('Primer apellido del representante'), 'López');
    await user.type(screen.getByLabelText('Correo del representante'), 'mariana@empresa.mx');
    await user.click(next());

    await screen.findByRole('heading', { level: 2, name: 'Primer usuario' });
    expect(screen.getByLabelText('Correo del usuario')).toHaveValue('demo@empresa.mx');
    await user.type(screen.getByLabelText('Nombre(s) del usuario'), 'Ana');
    await user.clear(screen.getByLabelText('Correo del usuario'));
    await user.type(screen.getByLabelText('Correo del usuario'), 'ana@empresa.mx');
    await user.click(next());

    await screen.findByTestId('business-review');
    await user.click(screen.getByRole('button', { name: 'Crear empresa' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar RFC y crear' }));

    expect(await screen.findByTestId('navigated')).toHaveTextContent('/user/business/:id');
    expect(creates).toHaveLength(2);
    expect(creates[0]).toMatchObject({
      TypePerson: TYPE_PERSON_IDS.moral,
      Rfc: MORAL_RFC,
      CompanyName: 'Comercializadora Demo SA de CV',
      Name: null,
      Curp: null,
      Mobile: null,
      ConfirmRfcWarning: false,
    });
    expect(creates[1]).toMatchObject({
      ConfirmRfcWarning: true,
      PostalCode: '06600',
      NeighborhoodId: COLONY,
      FirstUser: { Name: 'Ana', Email: 'ana@empresa.mx', MobileCode: '+52' },
    });
    const rep = fetchMock.mock.calls.find(([u]) => String(u) === '/api/v1/legal-representative');
    expect(JSON.parse(String(rep?.[1]?.body))).toEqual({
      v_uid_business: BUSINESS_ID,
      v_names: 'Mariana',
      v_last_name_1: 'López',
      v_last_name_2: null,
      v_email: 'mariana@empresa.mx',
      v_email_alternative: null,
    });
  });
});
