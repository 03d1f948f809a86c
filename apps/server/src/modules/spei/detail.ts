/** A movement's detail, the same for its business and its wallet: the movement, its ledger lines and, for a SPEI out, Banxico's CEP. */
import type { DbOrTx } from '../../db/client';
import { movementEntries } from './ledger-entries';
import { movementOut, type MovementRow } from './movement';
import { cepOfMovement } from './proof';

/** The caller has already checked the movement's tenant. */
export async function movementDetailOut(db: DbOrTx, m: MovementRow) {
  const cep = m.v_type === 'SPEI_OUT' ? (await cepOfMovement(db, m)).state : null;
  return { ...movementOut(m), Entries: await movementEntries(db, m), Cep: cep };
}
