import { createTheme, darken, defaultVariantColorsResolver, parseThemeColor, type MantineColorsTuple, type VariantColorsResolver } from '@mantine/core';

const farBlue: MantineColorsTuple = ['#e8f1fb', '#d1e0f2', '#a2bfe3', '#6f9bd4', '#467dc7', '#2d6abf', '#1f5fbc', '#124fa6', '#084595', '#003b84'];

/**
 * Mantine's gray with shade 6 (the "dimmed" text, #868e96) darkened to #5c636a: 6.1:1 on white and
 * 5.7:1 on gray-0, where the original failed WCAG AA (3.3:1).
 */
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#6c757d', '#5c636a', '#495057', '#343a40', '#212529'];
// Shade 5 is the placeholder colour: #adb5bd (2.1:1) became #6c757d (4.7:1), since Select shows its
// placeholder as real text that people must read.

/** Mantine's red from shade 6 on (the error text, #fa5252 at 3.3:1) darkened to pass AA on white. */
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#c92a2a', '#b32424', '#a11f1f', '#8c1b1b'];

/**
 * Light badges and alerts write with the colour's shade 6 by default, under 4.5:1 on their own tint;
 * the darkest shade, 40 % darker, keeps the hue and passes WCAG AA (yellow too).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  const darkest = parsed.isThemeColor ? input.theme.colors[parsed.color]?.[9] : undefined;
  return darkest ? { ...colors, color: darken(darkest, 0.4) } : colors;
};

/**
 * Mantine's teal with shade 9 (money in, #087f5b) darkened to #066649: the original was 4.5:1 on a
 * striped row and 4.47:1 on a hovered one, just under WCAG AA; this is 6.3:1 on the hovered row.
 */
const teal: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678', '#099268', '#066649'];

const closeNamed = { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } };

/** The app header's height: the shell lays out under it and toasts appear below it, never over it. */

export const theme = createTheme({
  primaryColor: 'far',
  primaryShade: 7,
  colors: { far: farBlue, gray, red, teal },
  variantColorResolver,
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    // Dialogs' close buttons have a name; badges read as words, not shouted capitals.
    Modal: closeNamed,
    Drawer: closeNamed,
    Notification: closeNamed,
    Alert: { defaultProps: { closeButtonLabel: 'Cerrar' } },
    Badge: { defaultProps: { tt: 'none' } },
  },
});
