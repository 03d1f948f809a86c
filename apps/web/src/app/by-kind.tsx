import type { ReactNode } from 'react';
import { useMe } from '../lib/api/get-me';

/** A route both businesses and wallet users have (/dispersal/transfer, /movement): each kind sees its own screen. */
export default function ByKind({ bus, wal }: { bus: ReactNode; wal: ReactNode }) {
  const me = useMe();
  if (!me.data) return null;
  return <>{me.data.kind === 'WAL' ? wal : bus}</>;
}
