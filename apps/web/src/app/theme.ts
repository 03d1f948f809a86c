import { createTheme, type MantineColorsTuple } from '@mantine/core';

const farBlue: MantineColorsTuple = [
  '#e8f1fb',
  '#d1e0f2',
  '#a2bfe3',
  '#6f9bd4',
  '#467dc7',
  '#2d6abf',
  '#1f5fbc',
  '#124fa6',
  '#084595',
  '#003b84',
];

export const theme = createTheme({
  primaryColor: 'far',
  primaryShade: 7,
  colors: { far: farBlue },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
  },
});
