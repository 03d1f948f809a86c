import { FAQ_DEFINITION, LEGAL_DEFINITION, TUTORIAL_DEFINITION } from '@far/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 40_000 });
import { renderWithApp } from '../../test/render';
import { ContentForm } from './content-form';

const MB = 1024 * 1024;
const IMG = '/api/cms/files/0b7f2d0e-1111-4222-8333-444455556666';
const file = (name: string, size: number, type = 'image/png') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

function setup(definition = TUTORIAL_DEFINITION, initialValues?: Record<string, unknown>) {
  const onSubmit = vi.fn();
  const upload = vi.fn(async () => IMG);
  const user = userEvent.setup({ applyAccept: false });
  renderWithApp(<ContentForm definition={definition} initialValues={initialValues} upload={upload} onSubmit={onSubmit} />);
  return { onSubmit, upload, user };
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Guardar' }));
const alerts = () => Array.from(document.querySelectorAll('.mantine-InputWrapper-error')).map((e) => e.textContent);

describe('ContentForm with the tutorial definition', () => {
  it('marks every field on an invalid submit and sends nothing', async () => {
    const { onSubmit, user } = setup();
    await submit(user);
    expect(alerts()).toEqual(['Este campo es requerido', 'Este campo es requerido']);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the toggle: video enables the url and disables the image list; imagen the reverse; switching resets', async () => {
    const { user } = setup();
    const url = () => screen.getByLabelText(/URL del video/);
    const add = () => screen.getByRole('button', { name: 'Agregar imagen' });
    expect(url()).toBeDisabled();
    expect(add()).toBeDisabled();

    await user.selectOptions(screen.getByLabelText(/Tipo de tutorial/), 'video');
    expect(url()).toBeEnabled();
    expect(add()).toBeDisabled();
    await user.type(url(), 'https://youtu.be/abc');

    await user.selectOptions(screen.getByLabelText(/Tipo de tutorial/), 'imagen');
    expect(url()).toBeDisabled();
    expect(url()).toHaveValue('');
    expect(add()).toBeEnabled();
    await user.click(add());
    const entry = screen.getByRole('group', { name: 'Lista de imágenes 1' });
    await user.type(within(entry).getByLabelText(/Texto/), 'Abre la app');

    await user.selectOptions(screen.getByLabelText(/Tipo de tutorial/), 'video');
    expect(screen.queryByRole('group', { name: 'Lista de imágenes 1' })).toBeNull();
    expect(add()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Tipo de tutorial/), 'imagen');
    expect(screen.queryByRole('group', { name: 'Lista de imágenes 1' })).toBeNull();
  });

  it('video: the url is required and must be http or https', async () => {
    const { user, onSubmit } = setup(TUTORIAL_DEFINITION, { icon: IMG });
    await user.selectOptions(screen.getByLabelText(/Tipo de tutorial/), 'video');
    await submit(user);
    expect(alerts()).toEqual(['Este campo es requerido']);
    await user.type(screen.getByLabelText(/URL del video/), 'ftp://x.mx');
    expect(alerts()).toEqual(['URL no válida']);
    await user.clear(screen.getByLabelText(/URL del video/));
    await user.type(screen.getByLabelText(/URL del video/), 'https://youtu.be/abc');
    await submit(user);
    expect(onSubmit).toHaveBeenCalledWith({ icon: IMG, type: 'video', url: 'https://youtu.be/abc' });
  });

  it('imagen: image, text and link of each entry are required, with the §5 messages', async () => {
    const { user, onSubmit, upload } = setup(TUTORIAL_DEFINITION, { icon: IMG });
    await user.selectOptions(screen.getByLabelText(/Tipo de tutorial/), 'imagen');
    await submit(user);
    expect(alerts()).toEqual(['Este campo es requerido']);
    await user.click(screen.getByRole('button', { name: 'Agregar imagen' }));
    await submit(user);
    expect(alerts()).toEqual(['Este campo es requerido', 'Este campo es requerido', 'Este campo es requerido']);
    const entry = screen.getByRole('group', { name: 'Lista de imágenes 1' });
    await user.type(within(entry).getByLabelText(/Texto/), 'Paso 1');
    await user.click(within(entry).getByLabelText(/Enlace/));
    await user.paste('x'.repeat(21));
    expect(alerts()).toContain('Solo se aceptan caracteres alfabéticos y espacios');
    expect(alerts()).toContain('Debe contener máximo 20 caracteres');

    await user.upload(within(entry).getByLabelText('Imagen'), file('grande.png', 3 * MB));
    expect(alerts()).toContain('No debe pesar más de 2MB');
    await user.upload(within(entry).getByLabelText('Imagen'), file('anim.gif', 10, 'image/gif'));
    expect(alerts()).toContain('Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg');
    expect(upload).not.toHaveBeenCalled();
    await user.upload(within(entry).getByLabelText('Imagen'), file('paso.png', 2 * MB));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));

    await user.clear(within(entry).getByLabelText(/Texto/));
    await user.type(within(entry).getByLabelText(/Texto/), 'Abre la app');
    await user.clear(within(entry).getByLabelText(/Enlace/));
    await user.type(within(entry).getByLabelText(/Enlace/), '/inicio');
    await submit(user);
    expect(onSubmit).toHaveBeenCalledWith({ icon: IMG, type: 'imagen', images: [{ image: IMG, text: 'Abre la app', link: '/inicio' }] });
  });
});

describe('ContentForm with the FAQ definition', () => {
  it('repeats question and answer with their rules', async () => {
    const { user, onSubmit } = setup(FAQ_DEFINITION, { icon: IMG });
    await submit(user);
    expect(alerts()).toEqual(['Este campo es requerido']);
    await user.click(screen.getByRole('button', { name: 'Agregar pregunta' }));
    const entry = screen.getByRole('group', { name: 'Preguntas y respuestas 1' });
    await user.type(within(entry).getByLabelText(/Pregunta/), 'Q');
    await user.type(within(entry).getByLabelText(/Respuesta/), '¿Sí?');
    await submit(user);
    expect(alerts()).toEqual(['Debe contener mínimo 2 caracteres', 'Solo se aceptan caracteres alfanuméricos, espacios y estos caracteres especiales ( ) .']);
    await user.click(within(entry).getByLabelText(/Pregunta/));
    await user.paste('x'.repeat(20));
    expect(alerts()[0]).toBe('Debe contener máximo 20 caracteres');
    await user.clear(within(entry).getByLabelText(/Pregunta/));
    await user.type(within(entry).getByLabelText(/Pregunta/), 'Qué es FAR');
    await user.clear(within(entry).getByLabelText(/Respuesta/));
    await user.type(within(entry).getByLabelText(/Respuesta/), 'Una cuenta (digital).');
    await submit(user);
    expect(onSubmit).toHaveBeenCalledWith({ icon: IMG, questions: [{ question: 'Qué es FAR', answer: 'Una cuenta (digital).' }] });
  });
});

describe('ContentForm with the legal definition', () => {
  it('draws the rich-text editor and requires its text', async () => {
    const { user, onSubmit } = setup(LEGAL_DEFINITION);
    expect(screen.getByRole('button', { name: 'Negritas' })).toBeInTheDocument();
    await submit(user);
    expect(alerts()).toEqual(['Este campo es requerido']);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts the visible text of a long HTML value', async () => {
    const { user, onSubmit } = setup(LEGAL_DEFINITION, { content: `<p>${'a'.repeat(5001)}</p>` });
    await submit(user);
    expect(alerts()).toEqual(['Debe contener máximo 5000 caracteres']);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
