import { notifications } from '@mantine/notifications';
import { errorText } from './api-client';
import { LIFECYCLE_TEXT, countOf } from './lifecycle';

/** A status action or a bulk action the server refused: its Spanish reason, kept on screen long enough to read. */
export const notifyActionFailed = (error: unknown) =>
  notifications.show({ color: 'red', title: 'No se aplicó la acción', message: errorText(error), autoClose: 10_000 });

/** "Se bloquearon 3 usuarios." after a bulk action. */
export const notifyBulkDone = (action: keyof typeof LIFECYCLE_TEXT, affected: number, noun: { one: string; many: string }) =>
  notifications.show({
    color: 'green',
    message: `Se ${affected === 1 ? LIFECYCLE_TEXT[action].one : LIFECYCLE_TEXT[action].many} ${countOf(affected, noun.one, noun.many)}.`,
  });
