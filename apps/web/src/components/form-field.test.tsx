import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { SelectField, TextField } from './form-field';

type Values = { name: string; kind: string | null };

function Harness({ onSubmit }: { onSubmit: (v: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { name: '', kind: null }, mode: 'onTouched' });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => {
        if (v.name === 'ocupado') form.setError('name', { type: 'server', message: 'El nombre ya existe' });
        else onSubmit(v);
      })}
    >
      <TextField form={form} name="name" label="Nombre" required />
      <SelectField form={form} name="kind" label="Tipo" data={[{ value: 'fisica', label: 'Persona física' }]} />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('TextField and SelectField', () => {
  it('bind a control in one line: label, required mark, value, and the message of the field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithApp(<Harness onSubmit={onSubmit} />);
    const name = screen.getByLabelText('Nombre');
    expect(name).toHaveAttribute('aria-required', 'true');
    await user.type(name, 'ocupado');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El nombre ya existe')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.clear(name);
    await user.type(name, 'Ana');
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Persona física', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana', kind: 'fisica' }));
  });
});
