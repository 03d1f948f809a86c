/** Small presentational settings shared by the money forms. */

/** Hints under the control, so the controls of a row line up whatever their hints. */
export const WRAPPER_ORDER: Array<'label' | 'input' | 'description' | 'error'> = ['label', 'input', 'description', 'error'];

/** Digits (CLABE, codes) with figures of one width inside the control, in the app's font. */
export const MONO_INPUT = { styles: { input: { fontVariantNumeric: 'tabular-nums' } } } as const;
