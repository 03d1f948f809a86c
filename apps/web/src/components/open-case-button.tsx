import { Button } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { Link } from 'react-router';

/** «Abrir aclaración» on a movement's detail: opens /clarification with the movement's tracking key. */
export function OpenCaseButton({ trackingKey }: { trackingKey: string }) {
  return (
    <Button
      component={Link}
      to={`/clarification?tracking=${encodeURIComponent(trackingKey)}`}
      variant="default"
      leftSection={<IconMessageReport size={16} />}
      data-testid="open-clarification"
    >
      Abrir aclaración
    </Button>
  );
}
