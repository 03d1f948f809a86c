import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/**
 * A row action as an icon: the tooltip names the action, the accessible name names the row too
 * («Eliminar contrato.pdf»), so a screen reader hears which row it acts on.
 */
export function IconAction({ tip, label, icon: Glyph, color, onClick }: { tip: string; label: string; icon: Icon; color?: string; onClick: () => void }) {
  return (
    <Tooltip label={tip}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        <Glyph size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
