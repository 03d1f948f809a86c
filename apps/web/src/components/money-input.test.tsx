import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { amountInput } from '../lib/money';
import { renderWithApp } from '../test/render';
import { MoneyField, MoneyInput, useMoneyText } from './money-input';

function Controlled({ onRead }: { onRead: (v: string | null | undefined) => void }) {
  const amount = useMoneyText();
  return (
    <>
      <MoneyInput label="Monto" {...amount.input} />
      <button onClick={() => onRead(amount.read())}>Leer</button>
    </>
  );
}

const schema = z.object({ Amount: amountInput });
function InForm({ onSubmit }: { onSubmit: (cents: bigint) => void }) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { Amount: '' } });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => onSubmit(v.Amount))}>
      <MoneyField form={form} name="Amount" label="Monto" required />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('MoneyInput', () => {
  it('draws «$», keeps «1,234.50» as the typed text and reads it as the API text through the contracts parser', async () => {
    const user = userEvent.setup();
    const onRead = vi.fn();
    renderWithApp(<Controlled onRead={onRead} />);
    const input = screen.getByLabelText('Monto');
    expect(screen.getByText('$')).toBeInTheDocument();
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('autocomplete', 'off');
    await user.type(input, '1,234.50');
    expect(input).toHaveValue('1,234.50');
    await user.click(screen.getByRole('button', { name: 'Leer' }));
    expect(onRead).toHaveBeenLastCalledWith('1234.50');
    await user.clear(input);
    await user.type(input, '1.234');
    await user.click(screen.getByRole('button', { name: 'Leer' }));
    expect(onRead).toHaveBeenLastCalledWith(null);
    expect(await screen.findByText('El monto admite como máximo dos decimales')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('works as a react-hook-form field: the schema reads cents, its Spanish message shows on the control', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithApp(<InForm onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Monto');
    expect(input).toHaveAttribute('aria-required', 'true');
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El monto debe ser mayor a cero')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '1,234.5');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(123450n));
    expect(input).toHaveValue('1,234.5');
  });
});
