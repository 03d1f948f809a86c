import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, Db, DbOrTx } from '../../db/client';
import { insertFrom } from '../../db/insert-from';
import { getFile } from '../files';
import { outbox } from './schema';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  /** The HTML part; omitted: built from the text. */
  html?: string;
  userId?: string | null;
  /** A file of the files table to attach (e-mail only). */
  attachmentId?: string | null;
}

const messageValues = (m: OutgoingMessage) => ({
  v_channel: m.channel,
  v_to: m.to,
  v_subject: m.subject,
  t_body: m.body,
  t_html: m.html ?? null,
  v_uid_user: m.userId ?? null,
  v_uid_attachment: m.attachmentId ?? null,
});

/** Queued in the caller's transaction: a message exists exactly when the change that caused it does. */
export async function enqueueMessage(db: DbOrTx, m: OutgoingMessage): Promise<void> {
  await db.insert(outbox).values(messageValues(m));
}

/** enqueueMessage as a part of the caller's statement (db/insert-from.ts): queued for each row of `from`. */
export const messageWrite = (m: OutgoingMessage, from: SQL): SQL => insertFrom(outbox, messageValues(m), from);

export async function listMessages(db: DbOrTx, q: { page: number; perPage: number; search?: string }) {
  const cond = q.search ? or(ilike(outbox.v_to, `%${q.search}%`), ilike(outbox.v_subject, `%${q.search}%`)) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(cond)
      .orderBy(desc(outbox.d_create_at))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ total: count() }).from(outbox).where(cond),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      v_uid: r.v_uid,
      d_create_at: r.d_create_at.toISOString(),
      v_channel: r.v_channel as 'email' | 'sms',
      v_to: r.v_to,
      v_subject: r.v_subject,
      t_body: r.t_body,
      d_sent_at: r.d_sent_at?.toISOString() ?? null,
    })),
  };
}

const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML part of a message that only has text: the same words, one paragraph per blank-line block. */
export function htmlFromText(subject: string, text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;color:#1a1b1e;max-width:560px;margin:auto;padding:16px"><h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(subject)}</h1>${paragraphs}<p style="font-size:12px;color:#5c5f66;margin-top:24px">FAR Portal · Este es un mensaje automático, no lo respondas.</p></body></html>`;
}

/** Wait after failed try n: 5 s, 10 s, 20 s, … at most 10 minutes; the message is never dropped. */
const retryAfterMs = (attempts: number) => Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/** Errors that mean the SMTP server is not there: the rest of the batch waits for the next round. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET']);

type Transport = ReturnType<typeof nodemailer.createTransport>;

/**
 * Sends the e-mail due at `now`, each with a plain-text and an HTML part. Rows are claimed with
 * FOR UPDATE SKIP LOCKED inside one transaction that also marks them sent, so two server
 * processes never send one message twice. A failure schedules the next try with a back-off; when
 * the SMTP server cannot be reached the batch stops there and the rest simply wait.
 */
export async function sendDueMessages(db: Db, transport: Transport, from: string, now: Date = new Date()): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  await db.transaction(async (tx) => {
    const batch = await tx
      .select()
      .from(outbox)
      .where(
        sql`${outbox.d_sent_at} IS NULL AND ${outbox.v_channel} = 'email' AND (${outbox.d_next_attempt_at} IS NULL OR ${outbox.d_next_attempt_at} <= ${now})`,
      )
      .orderBy(outbox.d_create_at)
      .limit(20)
      .for('update', { skipLocked: true });
    for (const m of batch) {
      try {
        const file = m.v_uid_attachment ? await getFile(tx, m.v_uid_attachment) : undefined;
        const attachments = file ? [{ filename: file.v_name, content: file.b_content, contentType: file.v_media_type }] : undefined;
        await transport.sendMail({
          from,
          to: m.v_to,
          subject: m.v_subject,
          text: m.t_body,
          html: m.t_html ?? htmlFromText(m.v_subject, m.t_body),
          attachments,
        });
        await tx
          .update(outbox)
          .set({ d_sent_at: new Date(), i_attempts: m.i_attempts + 1, v_last_error: null })
          .where(eq(outbox.v_uid, m.v_uid));
        result.sent += 1;
      } catch (err) {
        const attempts = m.i_attempts + 1;
        await tx
          .update(outbox)
          .set({
            i_attempts: attempts,
            v_last_error: (err as Error).message.slice(0, 500),
            d_next_attempt_at: new Date(now.getTime() + retryAfterMs(attempts)),
          })
          .where(eq(outbox.v_uid, m.v_uid));
        result.failed += 1;
        if (CONNECTION_ERRORS.has((err as { code?: string }).code ?? '')) break;
      }
    }
  });
  return result;
}

/** Sends queued e-mail over SMTP every `intervalMs` (when SMTP_URL is set); SMS has no gateway yet. */
export function startOutboxSender(database: Database, smtpUrl: string, from: string, intervalMs = 2000): () => void {
  const transport = nodemailer.createTransport(smtpUrl);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await sendDueMessages(database.db, transport, from);
    } catch {
      // The database was unreachable: try again next round.
    } finally {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    }
  };
  timer = setTimeout(tick, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    transport.close();
  };
}
