import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, renderWithApp } from '../../test/render';
import { validatePhoto } from './api/upload-photo';
import { PhotoUploader } from './photo-card';

const MB = 1024 * 1024;
const fileOf = (name: string, size: number, type: string) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const fileInput = () => {
  const input = document.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('No file input');
  return input;
};

describe('validatePhoto', () => {
  it('accepts .jpg, .jpeg, .png and .svg up to 2 MB', () => {
    expect(validatePhoto(fileOf('a.jpg', 2 * MB, 'image/jpeg'))).toBeNull();
    expect(validatePhoto(fileOf('a.JPEG', 10, 'image/jpeg'))).toBeNull();
    expect(validatePhoto(fileOf('a.png', 10, 'image/png'))).toBeNull();
    expect(validatePhoto(fileOf('a.svg', 10, 'image/svg+xml'))).toBeNull();
  });

  it('refuses files over 2 MB and other kinds, with the spec messages', () => {
    expect(validatePhoto(fileOf('a.png', 2 * MB + 1, 'image/png'))).toBe('No debe pesar más de 2MB');
    expect(validatePhoto(fileOf('a.gif', 10, 'image/gif'))).toBe('Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg');
    expect(validatePhoto(fileOf('a.pdf', 5 * MB, 'application/pdf'))).toBe('Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg');
    expect(validatePhoto(null)).toBe('Este campo es requerido');
  });
});

describe('PhotoUploader', () => {
  it('refuses a photo over 2 MB without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<PhotoUploader hasPhoto={false} name="Ana López" />);
    await user.upload(fileInput(), fileOf('foto.png', 3 * MB, 'image/png'));
    expect(await screen.findByText('No debe pesar más de 2MB')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an accepted image without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<PhotoUploader hasPhoto={false} name="Ana López" />);
    await user.upload(fileInput(), fileOf('foto.gif', 1000, 'image/gif'));
    expect(await screen.findByText('Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a valid photo as multipart field "file"', async () => {
    fetchMock.mockResolvedValue(answer(null, 500));
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<PhotoUploader hasPhoto={false} name="Ana López" />);
    const photo = fileOf('foto.png', 1000, 'image/png');
    await user.upload(fileInput(), photo);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/v1/account/me/photo');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBe(photo);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});
