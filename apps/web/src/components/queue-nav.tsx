import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

const QUEUES = [
  { to: '/clarification', label: 'Aclaraciones' },
  { to: '/clarification/disputes', label: 'Disputas de tarjetas' },
];

/** Staff's two support queues side by side (issue 28 §3): clarifications and card disputes. */
export function QueueNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.startsWith('/clarification/disputes') ? '/clarification/disputes' : '/clarification';
  return (
    <Tabs value={current} onChange={(v) => v && navigate(v)} mb="md" aria-label="Colas de atención">
      <Tabs.List>
        {QUEUES.map((q) => (
          <Tabs.Tab key={q.to} value={q.to}>
            {q.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
