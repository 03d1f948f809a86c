/** The monthly statement as a bank's PDF: letterhead, client and account panels, summary box, movements. */
import { formatCurrency, formatDate, formatDateTime, type AccountState } from '@far/contracts';
import { PAGE, heading, mxn, newPage, panel, panelPair, renderDocument, summaryBox, table, type TableColumn } from '../../platform/pdf';

/** '-123.45' (the answers' two-decimal text) → -12345n, without floats. */
export const decimalCents = (decimal: string) => BigInt(decimal.replace('.', ''));

/** 'EC-BUS000002-202611': one statement per client and month. */
export const statementFolio = (s: AccountState) => `EC-${s.Business.ClientNumber}-${s.Period.Year}${String(s.Period.Month).padStart(2, '0')}`;

const COLUMNS: TableColumn[] = [
  { title: 'Fecha', width: 62 },
  { title: 'Descripción', width: 170 },
  { title: 'Clave de rastreo / referencia', width: 112 },
  { title: 'Cargos', width: 54, align: 'right' },
  { title: 'Abonos', width: 54, align: 'right' },
  { title: 'Saldo', width: 60, align: 'right' },
];

export function accountStatePdf(s: AccountState): Promise<Buffer> {
  const lastDay = formatDate(new Date(new Date(s.Period.To).getTime() - 1));
  const period = `${formatDate(s.Period.From)} al ${lastDay}`;
  return renderDocument(
    {
      title: 'Estado de cuenta',
      subtitle: `Periodo del ${period}`,
      folio: statementFolio(s),
      footer: `${s.Business.Name} · CLABE ${s.Business.AccountNumber} · Montos en pesos mexicanos (MXN). Horas de la Ciudad de México. Generado el ${formatDateTime(s.GeneratedAt)} h.`,
    },
    (doc) => {
      panelPair(
        doc,
        {
          title: 'Datos del cliente',
          list: [
            { label: 'Nombre o razón social', value: s.Business.Name, bold: true },
            { label: 'RFC', value: s.Business.Rfc ?? '—' },
            { label: 'Número de cliente', value: s.Business.ClientNumber },
          ],
        },
        {
          title: 'Datos de la cuenta',
          list: [
            { label: 'Cuenta CLABE', value: s.Business.AccountNumber ?? '—', bold: true },
            { label: 'Periodo', value: period },
            { label: 'Fecha de corte', value: lastDay },
            { label: 'Moneda', value: 'MXN (pesos mexicanos)' },
          ],
        },
      );
      const boxTop = doc.y;
      const summaryWidth = 300;
      const afterSummary = summaryBox(
        doc,
        'Resumen del periodo',
        [
          { label: 'Saldo inicial', cents: decimalCents(s.OpeningBalance) },
          { label: 'Depósitos', cents: decimalCents(s.Deposits), sign: '+' },
          { label: 'Retiros', cents: decimalCents(s.Withdrawals), sign: '-' },
          { label: 'Comisiones', cents: decimalCents(s.Commissions), sign: '-' },
          { label: 'IVA de comisiones', cents: decimalCents(s.IVA), sign: '-' },
        ],
        { label: 'Saldo final', cents: decimalCents(s.ClosingBalance) },
        PAGE.left,
        boxTop,
        summaryWidth,
      );
      const charges = s.Movements.filter((m) => !m.OwnTransfer && m.Amount.startsWith('-')).length;
      const own = s.Movements.filter((m) => m.OwnTransfer).length;
      panel(
        doc,
        'Actividad',
        [
          { label: 'Movimientos', value: String(s.Movements.length) },
          { label: 'Abonos', value: String(s.Movements.length - charges - own) },
          { label: 'Cargos', value: String(charges) },
          ...(own ? [{ label: 'Traspasos entre tus cuentas', value: String(own) }] : []),
          { label: 'Saldo final', value: mxn(decimalCents(s.ClosingBalance)), bold: true },
        ],
        PAGE.left + summaryWidth + 12,
        boxTop,
        PAGE.width - summaryWidth - 12,
        afterSummary - boxTop,
      );
      doc.y = afterSummary;

      heading(doc, 'Detalle de movimientos', 16);
      let debits = 0n;
      let credits = 0n;
      const rows: { cells: string[]; bold?: boolean }[] = s.Movements.map((m) => {
        const amount = m.OwnTransfer ? 0n : decimalCents(m.Amount);
        if (amount < 0n) debits -= amount;
        else credits += amount;
        // A move between the customer's own accounts is neither a charge nor a credit: its amount is told in words.
        const own = m.OwnTransfer
          ? `\nTraspaso entre tus cuentas por ${formatCurrency(decimalCents(m.Amount) < 0n ? -decimalCents(m.Amount) : decimalCents(m.Amount))}`
          : '';
        return {
          cells: [
            formatDateTime(m.Date),
            m.Description + own + (m.Concept && m.Leg === 'amount' ? `\n${m.Concept}` : ''),
            [m.TrackingKey, m.Reference ? `Ref. ${m.Reference}` : null].filter(Boolean).join('\n'),
            amount < 0n ? formatCurrency(-amount) : '',
            amount > 0n ? formatCurrency(amount) : '',
            formatCurrency(decimalCents(m.Balance)),
          ],
        };
      });
      if (rows.length > 0)
        rows.push({
          cells: ['', 'Totales del periodo', '', formatCurrency(debits), formatCurrency(credits), formatCurrency(decimalCents(s.ClosingBalance))],
          bold: true,
        });
      table(doc, COLUMNS, rows, 'Sin movimientos en el periodo.');

      doc.y += 14;
      if (doc.y > PAGE.bottom - 40) newPage(doc);
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor('#5c6670')
        .text(
          'El saldo final es el del libro mayor de FAR Portal al cierre del periodo. Las transferencias SPEI pendientes de liquidar no se incluyen. ' +
            'Si no reconoces un movimiento, preséntanos tu aclaración dentro de los 90 días siguientes a la fecha de corte.',
          PAGE.left,
          doc.y,
          { width: PAGE.width },
        );
    },
  );
}
