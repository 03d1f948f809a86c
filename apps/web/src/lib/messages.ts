/** Form words with no dependency, for screens of the first load (validation.ts builds zod rules on them). */
export const REQUIRED = 'Este campo es requerido';
export const PASSWORDS_DIFFER = 'Las contraseñas no coinciden';
