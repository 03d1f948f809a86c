import { FAQ_DEFINITION, LEGAL_DEFINITION } from '@far/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, renderWithApp, signedInWithFetch } from '../../test/render';
import { HelpPage } from './help-page';

const fetchMock = signedInWithFetch();

const item = (v_uid: string, v_system_name: string, t_json_type: unknown, t_json: Record<string, unknown>) => ({
  v_uid,
  v_name: `Contenido ${v_uid}`,
  v_uid_content_type: `t-${v_system_name}`,
  ContentType: { v_uid: `t-${v_system_name}`, v_name: v_system_name, v_system_name, t_json: t_json_type },
  t_json,
  i_order: 1,
  v_uid_parent: null,
  i_version: 1,
  d_update_at: '2026-11-23T12:00:00.000Z',
});
const HELP = [
  item('f1', 'faq', FAQ_DEFINITION, {
    icon: '/i.png',
    questions: [
      { question: 'Qué es la CLABE', answer: 'La clave de 18 dígitos.' },
      { question: 'Cómo pido aclaración', answer: 'Desde el menú Aclaraciones.' },
    ],
  }),
  item('l1', 'legal', LEGAL_DEFINITION, { content: '<p>Términos del servicio</p>' }),
];

function mockApi() {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/cms/help')) return answer(HELP);
    if (url.includes('/api/v1/account/me')) return answer({ kind: 'BUS' });
    return answer(null, 404);
  });
}

describe('HelpPage', () => {
  it('searches the FAQ without regard to accents or case', async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithApp(<HelpPage />);
    await user.click(await screen.findByRole('tab', { name: 'Preguntas frecuentes' }));
    expect(screen.getByRole('button', { name: 'Qué es la CLABE' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Buscar en preguntas frecuentes'), 'ACLARACION');
    expect(screen.getByRole('button', { name: 'Cómo pido aclaración' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Qué es la CLABE' })).toBeNull();
    await user.clear(screen.getByLabelText('Buscar en preguntas frecuentes'));
    await user.type(screen.getByLabelText('Buscar en preguntas frecuentes'), 'digitos');
    expect(screen.getByRole('button', { name: 'Qué es la CLABE' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Buscar en preguntas frecuentes'), 'zzz');
    expect(screen.getByText('No encontramos preguntas con «digitoszzz».')).toBeInTheDocument();
  });

  it('shows legal texts read-only', async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithApp(<HelpPage />);
    await user.click(await screen.findByRole('tab', { name: 'Textos legales' }));
    expect(screen.getByText('Términos del servicio')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
