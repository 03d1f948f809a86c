import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, DbOrTx } from '../../db/client';
import { getFile } from '../files';
import { outbox } from './schema';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  userId?: string | null;
  /** A file of the files table to attach (e-mail only). */
  attachmentId?: string | null;
}

/** Queued in the caller's transaction: a message exists exactly when the change that caused it does. */
export async function enqueueMessage(db: DbOrTx, m: OutgoingMessage): Promise<void> {
  await db.insert(outbox).values({ v_channel: m.channel, v_to: m.to, v_subject: m.subject, t_body: m.body, v_uid_user: m.userId ?? null, v_uid_attachment: m.attachmentId ?? null });
}

export async function listMessages(db: DbOrTx, q: { page: number; perPage: number; search?: string }) {
  const cond = q.search ? or(ilike(outbox.v_to, `%${q.search}%`), ilike(outbox.v_subject, `%${q.search}%`)) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db.select().from(outbox).where(cond).orderBy(desc(outbox.d_create_at)).limit(q.perPage).offset((q.page - 1) * q.perPage),
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

/**
 * Sends queued e-mail over SMTP when SMTP_URL is set. Rows are claimed with FOR UPDATE SKIP
 * LOCKED, so several server processes never send the same message twice. SMS has no gateway
 * yet: those stay in the mailbox page.
 */
export function startOutboxSender(database: Database, smtpUrl: string, from: string, intervalMs = 2000): () => void {
  const transport = nodemailer.createTransport(smtpUrl);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await database.db.transaction(async (tx) => {
        const batch = await tx
          .select()
          .from(outbox)
          .where(sql`${outbox.d_sent_at} IS NULL AND ${outbox.v_channel} = 'email' AND ${outbox.i_attempts} < 5`)
          .orderBy(outbox.d_create_at)
          .limit(20)
          .for('update', { skipLocked: true });
        for (const m of batch) {
          try {
            const file = m.v_uid_attachment ? await getFile(tx, m.v_uid_attachment) : undefined;
            const attachments = file ? [{ filename: file.v_name, content: file.b_content, contentType: file.v_media_type }] : undefined;
            await transport.sendMail({ from, to: m.v_to, subject: m.v_subject, text: m.t_body, attachments });
            await tx.update(outbox).set({ d_sent_at: new Date(), i_attempts: m.i_attempts + 1 }).where(eq(outbox.v_uid, m.v_uid));
          } catch (err) {
            await tx.update(outbox).set({ i_attempts: m.i_attempts + 1, v_last_error: (err as Error).message.slice(0, 500) }).where(eq(outbox.v_uid, m.v_uid));
          }
        }
      });
    } finally {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    }
  };
  timer = setTimeout(tick, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
