/** Proof of payment (comprobante) of a business movement, as a PDF. */
import { MOVEMENT_STATUS_NAMES, MOVEMENT_TYPE_NAMES, bankByClabePrefix, formatCurrency, formatDate, formatDateTime } from '@far/contracts';
import type { MovementRow } from './movements';
import { field, heading, maskAccount, renderPdf } from './pdf';

const bank = (code: string | null) => (code ? `${bankByClabePrefix(code)?.name ?? 'Banco'} (${code})` : '—');
const when = (d: Date | null) => (d ? `${formatDateTime(d)} h` : '—');

export function proofOfPayment(m: MovementRow, now = new Date()): Promise<Buffer> {
  const title = m.v_type === 'DEPOSIT' ? 'Comprobante de depósito' : `Comprobante de ${MOVEMENT_TYPE_NAMES[m.v_type].toLowerCase()}`;
  return renderPdf(title, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#1f3a5f').text('FAR Portal', 50, 50);
    doc.font('Helvetica').fontSize(13).fillColor('#000000').text(title);
    doc.fontSize(9).fillColor('#555555').text('Sistema de Pagos Electrónicos Interbancarios (SPEI)');
    doc.fillColor('#000000');

    heading(doc, 'Operación');
    field(doc, 'Estatus', MOVEMENT_STATUS_NAMES[m.i_status] ?? String(m.i_status));
    field(doc, 'Clave de rastreo', m.v_tracking_key ?? '—');
    field(doc, 'Fecha de operación', formatDate(m.d_operation_date));
    field(doc, 'Registrada', when(m.d_create_at));
    if (m.d_payment_day) field(doc, 'Fecha de pago programada', formatDate(m.d_payment_day));
    if (m.d_sent_at) field(doc, 'Enviada', when(m.d_sent_at));
    if (m.d_settled_at) field(doc, m.v_type === 'SPEI_OUT' ? 'Liquidada' : 'Abonada', when(m.d_settled_at));
    if (m.d_returned_at) field(doc, 'Devuelta', when(m.d_returned_at));
    if (m.d_cancelled_at) field(doc, 'Cancelada', when(m.d_cancelled_at));
    if (m.v_rail_id) field(doc, 'Folio del participante', m.v_rail_id);

    heading(doc, 'Importes');
    field(doc, 'Monto', formatCurrency(m.n_amount_cents));
    field(doc, 'Comisión', formatCurrency(m.n_commission_cents));
    field(doc, 'IVA de la comisión', formatCurrency(m.n_iva_cents));
    field(doc, m.v_type === 'SPEI_OUT' ? 'Total cargado' : 'Total abonado', formatCurrency(m.n_total_cents));

    heading(doc, 'Ordenante');
    field(doc, 'Nombre', m.v_source_name ?? '—');
    field(doc, 'Institución', bank(m.v_source_bank_code));
    field(doc, 'Cuenta', maskAccount(m.v_source_clabe));

    heading(doc, 'Beneficiario');
    field(doc, 'Nombre', m.v_beneficiary_name ?? '—');
    field(doc, 'Institución', bank(m.v_beneficiary_bank_code));
    field(doc, 'Cuenta CLABE', maskAccount(m.v_beneficiary_clabe));
    if (m.v_beneficiary_rfc) field(doc, 'RFC', m.v_beneficiary_rfc);

    heading(doc, 'Detalle');
    field(doc, 'Concepto', m.v_concept ?? '—');
    field(doc, 'Referencia numérica', m.v_reference ?? '—');
    if (m.v_error_detail) field(doc, m.i_status === 3 ? 'Motivo de la devolución' : 'Motivo', m.v_error_detail);
    if (m.v_return_tracking_key) field(doc, 'Clave de rastreo de la devolución', m.v_return_tracking_key);

    doc.moveDown(2);
    doc.font('Helvetica').fontSize(8).fillColor('#666666').text(`Generado el ${formatDateTime(now)} h (hora de la Ciudad de México). Las cuentas se muestran enmascaradas. Id: ${m.v_uid}`, 50);
  });
}
