import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@far/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ApiKeysTable } from './api-keys-table';

const base: ApiKey = {
  v_uid: '7f1c2a9e-0000-4000-8000-000000000001',
  Name: 'ERP de nómina',
  Scopes: ['lectura', 'dispersiones'],
  Prefix: 'far_sk_AbCdEfGh',
  d_create_at: '2026-11-27T18:00:00.000Z',
  LastUsedAt: null,
  ExpiresAt: '2099-11-27T18:00:00.000Z',
  PreviousValidUntil: null,
  RevokedAt: null,
  CreatedBy: 'Ana Pérez',
};

describe('ApiKeysTable', () => {
  it('shows the prefix, scopes, dates in dd/mm/aaaa and state; revoking asks first', async () => {
    const onRevoke = vi.fn();
    renderWithApp(
      <ApiKeysTable
        keys={[base, { ...base, v_uid: '7f1c2a9e-0000-4000-8000-000000000002', Name: 'Vieja', RevokedAt: '2026-11-27T19:00:00.000Z' }]}
        onRevoke={onRevoke}
      />,
    );
    const [active, revoked] = [...screen.getByTestId('api-keys-table').querySelectorAll<HTMLElement>('[data-row-id]')];
    expect(within(active!).getByText('far_sk_AbCdEfGh…')).toBeTruthy();
    expect(within(active!).getByText('Lectura, Dispersiones')).toBeTruthy();
    expect(within(active!).getByText('27/11/2026')).toBeTruthy();
    expect(within(active!).getByText('Nunca')).toBeTruthy();
    expect(within(active!).getByText('Activa')).toBeTruthy();
    expect(within(revoked!).getByText('Revocada')).toBeTruthy();
    expect(within(revoked!).queryByRole('button', { name: 'Revocar' })).toBeNull();
    await userEvent.click(within(active!).getByRole('button', { name: 'Revocar' }));
    expect(onRevoke).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect(onRevoke).toHaveBeenCalledWith(expect.objectContaining({ Name: 'ERP de nómina' }));
  });

  it('says so when there are no keys', () => {
    renderWithApp(<ApiKeysTable keys={[]} />);
    expect(screen.getByText('Aún no hay claves de API.')).toBeTruthy();
  });
});
