/** Proof of payment (comprobante) of a business movement, as a bank's PDF receipt. */
import {
  MOVEMENT_DIRECTION,
  MOVEMENT_STATUS_NAMES,
  MOVEMENT_TYPE_NAMES,
  SPEI_MOVEMENT_TYPES,
  bankByClabePrefix,
  formatDate,
  formatDateTime,
  movementFolio,
  showsTrackingKey,
} from '@far/contracts';
import { COLORS, PAGE, heading, maskAccount, mxn, panelPair, renderDocument, summaryBox, type Pair } from '../../platform/pdf';
import type { MovementRow } from './movement';
import { compactDate } from '../../platform/mexico-time';
import type { CepState } from '@far/contracts';
import type { DbOrTx } from '../../db/client';
import { hook } from '../../platform/module';

const bank = (code: string | null) => (code ? `${bankByClabePrefix(code)?.name ?? 'Banco'} (${code})` : '—');
const when = (d: Date | null) => (d ? `${formatDateTime(d)} h` : '—');

const TITLES: Record<MovementRow['v_type'], string> = {
  SPEI_OUT: 'Comprobante de transferencia SPEI',
  SPEI_IN: 'Comprobante de SPEI recibido',
  DEPOSIT: 'Comprobante de depósito',
  WALLET_OUT: 'Comprobante de envío a otro Wallet',
  WALLET_IN: 'Comprobante de dinero recibido de otro Wallet',
  CARD_FUNDING: 'Comprobante de fondeo de tarjetas',
  BUDGET_ADD: 'Comprobante de apartado a presupuesto',
  BUDGET_MINUS: 'Comprobante de retiro de presupuesto',
  SPEI_OUT_RETURN: 'Comprobante de devolución SPEI',
  LEDGER_IN: 'Comprobante de abono',
  LEDGER_OUT: 'Comprobante de cargo',
};

/** Settled, returned… in a coloured pill: green when the money arrived, red when it did not. */
const STATUS_COLOR: Record<number, string> = { 0: '#b7791f', 1: '#2b6cb0', 2: '#2f855a', 3: '#c53030', 4: '#c53030', 5: '#5c6670', 6: '#5c6670' };

export function proofOfPayment(m: MovementRow, now = new Date()): Promise<Buffer> {
  const out = MOVEMENT_DIRECTION[m.v_type] !== 'in';
  const status = MOVEMENT_STATUS_NAMES[m.i_status] ?? String(m.i_status);
  return renderDocument(
    {
      title: TITLES[m.v_type],
      subtitle: `Fecha de operación ${formatDate(m.d_operation_date)}`,
      folio: movementFolio(m.d_operation_date, m.v_uid),
      footer: `Generado el ${formatDateTime(now)} h (hora de la Ciudad de México). Las cuentas se muestran enmascaradas. ${
        !SPEI_MOVEMENT_TYPES.has(m.v_type) ? '' : 'El Comprobante Electrónico de Pago (CEP) de Banxico se consulta en www.banxico.org.mx/cep. '
      }Id ${m.v_uid}`,
    },
    (doc) => {
      // The amount and status, as the first thing the eye meets.
      const top = doc.y;
      doc.roundedRect(PAGE.left, top, PAGE.width, 62, 5).fill(COLORS.panel);
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor(COLORS.muted)
        .text(out ? 'Monto transferido' : 'Monto recibido', PAGE.left + 14, top + 11);
      doc
        .font('Helvetica-Bold')
        .fontSize(22)
        .fillColor(COLORS.brand)
        .text(mxn(m.n_amount_cents), PAGE.left + 14, top + 25);
      const pill = status.toUpperCase();
      doc.font('Helvetica-Bold').fontSize(9);
      const pw = doc.widthOfString(pill) + 22;
      doc.roundedRect(PAGE.right - 14 - pw, top + 12, pw, 18, 9).fill(STATUS_COLOR[m.i_status] ?? COLORS.muted);
      doc.fillColor('#ffffff').text(pill, PAGE.right - 14 - pw, top + 17, { width: pw, align: 'center' });
      if (m.v_tracking_key)
        doc
          .font('Helvetica')
          .fontSize(8)
          .fillColor(COLORS.muted)
          .text(`Clave de rastreo ${m.v_tracking_key}`, PAGE.left + 200, top + 40, { width: PAGE.width - 214, align: 'right' });
      doc.y = top + 74;

      const party = (name: string | null, bankCode: string | null, clabe: string | null, rfc?: string | null): Pair[] => [
        { label: 'Nombre', value: name ?? 'No indicado', bold: true },
        { label: 'Institución', value: bank(bankCode) },
        { label: 'Cuenta CLABE', value: maskAccount(clabe) },
        ...(rfc ? [{ label: 'RFC', value: rfc }] : []),
      ];
      panelPair(
        doc,
        { title: 'Ordenante', list: party(m.v_source_name, m.v_source_bank_code, m.v_source_clabe) },
        { title: 'Beneficiario', list: party(m.v_beneficiary_name, m.v_beneficiary_bank_code, m.v_beneficiary_clabe, m.v_beneficiary_rfc) },
        0,
      );

      heading(doc, 'Datos de la operación', 14);
      const details: Pair[] = [
        { label: 'Tipo de operación', value: MOVEMENT_TYPE_NAMES[m.v_type] },
        { label: 'Estatus', value: status, bold: true },
        // A wallet-to-wallet transfer, a budget move or an adjustment never has one: its folio (above) identifies it.
        ...(showsTrackingKey(m.v_type, m.v_tracking_key) ? [{ label: 'Clave de rastreo', value: m.v_tracking_key ?? '—', bold: true }] : []),
        { label: 'Concepto de pago', value: m.v_concept ?? '—' },
        { label: 'Referencia numérica', value: m.v_reference ?? '—' },
        { label: 'Fecha de operación', value: formatDate(m.d_operation_date) },
        { label: 'Registrada', value: when(m.d_create_at) },
        ...(m.d_payment_day ? [{ label: 'Fecha de pago programada', value: formatDate(m.d_payment_day) }] : []),
        ...(m.d_sent_at ? [{ label: 'Enviada', value: when(m.d_sent_at) }] : []),
        ...(m.d_settled_at ? [{ label: out ? 'Liquidada' : 'Abonada', value: when(m.d_settled_at) }] : []),
        ...(m.d_returned_at ? [{ label: 'Devuelta', value: when(m.d_returned_at) }] : []),
        ...(m.d_cancelled_at ? [{ label: 'Cancelada', value: when(m.d_cancelled_at) }] : []),
        ...(m.v_rail_id ? [{ label: 'Folio del participante', value: m.v_rail_id }] : []),
        ...(m.v_error_detail ? [{ label: m.i_status === 3 ? 'Motivo de la devolución' : 'Motivo', value: m.v_error_detail }] : []),
        ...(m.v_return_tracking_key ? [{ label: 'Clave de rastreo de la devolución', value: m.v_return_tracking_key }] : []),
      ];
      const left = details.slice(0, Math.ceil(details.length / 2));
      panelPair(doc, { title: 'Operación', list: left }, { title: 'Seguimiento', list: details.slice(left.length) }, 14);

      summaryBox(
        doc,
        'Importes',
        [
          { label: 'Monto', cents: m.n_amount_cents },
          { label: 'Comisión', cents: m.n_commission_cents, sign: out ? '+' : '-' },
          { label: 'IVA de la comisión', cents: m.n_iva_cents, sign: out ? '+' : '-' },
        ],
        { label: out ? 'Total cargado' : 'Total abonado', cents: m.n_total_cents },
        PAGE.left + PAGE.width - 280,
        doc.y,
        280,
      );
    },
  );
}

/**
 * Banxico's CEP of an order sent (issue 24 §6), provided by the module that fetches it (stp): its
 * state for the order's detail (null: no CEP applies) and, once obtained, its PDF.
 */
export const cepOfMovement = hook<(db: DbOrTx, m: MovementRow) => Promise<{ state: CepState | null; pdf: Buffer | null }>>('spei.cepOfMovement');

/**
 * The proof of payment a person downloads: Banxico's CEP when it exists, the product's own PDF
 * otherwise, or the one asked for (`kind`).
 */
export async function proofFile(db: DbOrTx, m: MovementRow, kind?: 'cep' | 'propio'): Promise<{ content: Buffer; fileName: string }> {
  const cep = kind === 'propio' || m.v_type !== 'SPEI_OUT' ? null : (await cepOfMovement(db, m)).pdf;
  if (cep) return { content: cep, fileName: `CEP-${compactDate(m.d_operation_date)}-${m.v_tracking_key}.pdf` };
  return { content: await proofOfPayment(m), fileName: `comprobante-${m.v_tracking_key ?? m.v_uid}.pdf` };
}
