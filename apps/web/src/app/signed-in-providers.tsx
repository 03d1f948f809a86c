import '../components/mantine-styles';
import 'dayjs/locale/es-mx';

import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';

/**
 * What only the signed-in screens use — date pickers in Spanish, confirm dialogs, all of Mantine's
 * CSS — loaded with them rather than in the sign-in screen's first load (router.tsx).
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'es-mx', firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>{children}</ModalsProvider>
    </DatesProvider>
  );
}
