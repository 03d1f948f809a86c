import { DOCUMENT_MAX_MB, IMAGE_ACCEPT, IMAGE_MAX_MB, errorMessage, failedRules, type FieldDefinition } from '@far/contracts';

/** The photo rule of spec §5, through the contracts validation engine (same messages as the server). */
export const PHOTO_FIELD: FieldDefinition = {
  field: 'file',
  validators: { required: true, fileSize: IMAGE_MAX_MB, accept: IMAGE_ACCEPT },
  messagesError: {
    required: 'Este campo es requerido',
    fileSize: `No debe pesar más de ${IMAGE_MAX_MB}MB`,
    accept: 'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg',
  },
};

export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml';

/** The first broken rule's message, or null when the file may be sent. */
export function validatePhoto(file: File | null): string | null {
  const failed = failedRules(file, PHOTO_FIELD.validators);
  // Extension before size: a 5 MB .gif is first of all the wrong kind of file.
  const key = failed.includes('required') ? 'required' : failed.includes('accept') ? 'accept' : failed[0];
  return key ? errorMessage(PHOTO_FIELD, key) : null;
}

/** A PDF document (≤ 10 MB), checked before it is sent; the server checks its bytes too. */
export const PDF_MESSAGES = {
  required: 'Este campo es requerido',
  accept: 'Archivo no válido, solo se aceptan archivos .pdf',
  fileSize: 'No debe pesar más de 10MB',
} as const;

export function validatePdf(file: File | null, maxMb = DOCUMENT_MAX_MB): string | null {
  if (!file) return PDF_MESSAGES.required;
  if (!file.name.toLowerCase().endsWith('.pdf')) return PDF_MESSAGES.accept;
  if (file.size > maxMb * 1024 * 1024) return PDF_MESSAGES.fileSize;
  return null;
}

/** Saves a downloaded blob under a file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
