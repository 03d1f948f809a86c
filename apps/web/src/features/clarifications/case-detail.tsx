import { CLARIFICATION_LIMITS, MOVEMENT_TYPE_NAMES, canMoveClarification, type ClarificationOut } from '@far/contracts';
import { Alert, Badge, Button, Divider, FileInput, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowUpRight, IconCheck, IconFileDownload, IconHandGrab, IconPaperclip, IconSend, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DetailGrid } from '../../components/detail-grid';
import { LedgerLines } from '../../components/ledger-lines';
import { ErrorAlert } from '../../components/error-alert';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { StatusBadge } from '../../components/status-badge';
import { DateText, MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { apiCents } from '../../lib/money';
import { useChangeCase, useDownloadAttachment, useDownloadProof, useReply, type CaseChange } from './api/mutations';
import { useCase, useCaseMovement, useFollowUps } from './api/queries';
import { FOLLOW_UP_TEXT, STATUS_OPTIONS, timeLeftText } from './labels';

const fail = (title: string) => (e: unknown) => notifications.show({ color: 'red', title, message: errorText(e) });
const money = (v: string | null) => (v === null ? null : <MoneyText cents={apiCents(v)} inherit />);

/** The disputed movement: amounts, parties, its ledger lines and the proof of payment. */
function DisputedMovement({ id }: { id: string }) {
  const m = useCaseMovement(id);
  const proof = useDownloadProof();
  if (m.isPending) return <Skeleton h={120} />;
  if (m.isError) return <ErrorAlert error={m.error} title="No fue posible cargar el movimiento" onRetry={() => void m.refetch()} />;
  const mv = m.data;
  const party = mv.MovementType === 'SPEI_OUT' ? mv.Beneficiary : mv.SourceAccount;
  return (
    <Paper withBorder p="sm" data-testid="case-movement">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="sm">
            Movimiento en aclaración
          </Title>
          <MovementStatusBadge status={mv.StatusBusinessMovement} />
        </Group>
        <DetailGrid
          cols={2}
          items={[
            { label: 'Tipo', value: MOVEMENT_TYPE_NAMES[mv.MovementType] },
            { label: 'Fecha', value: <DateText value={mv.MovementDate} withTime inherit /> },
            { label: 'Importe', value: money(mv.MovementAmount) },
            { label: 'Total', value: money(mv.TotalAmount) },
            { label: mv.MovementType === 'SPEI_OUT' ? 'Beneficiario' : 'Ordenante', value: party.Name },
            {
              label: 'CLABE',
              value: party.Clabe ? (
                <Text span inherit className="tabular">
                  {party.Clabe}
                </Text>
              ) : null,
            },
          ]}
        />
        {mv.Entries && mv.Entries.length > 0 ? <LedgerLines entries={mv.Entries} testId="case-movement-entries" /> : null}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFileDownload size={14} />}
            loading={proof.isPending}
            onClick={() => proof.mutate({ id: mv.Id, name: `comprobante-${mv.TrackingKey ?? mv.Id}.pdf` }, { onError: fail('No se descargó el comprobante') })}
          >
            Comprobante de pago (PDF)
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function History({ uid }: { uid: string }) {
  const list = useFollowUps(uid);
  const download = useDownloadAttachment();
  if (list.isPending) return <Skeleton h={80} />;
  if (list.isError) return <ErrorAlert error={list.error} title="No fue posible cargar los seguimientos" onRetry={() => void list.refetch()} />;
  if (list.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Aún no hay seguimientos.
      </Text>
    );
  const statusName = (s: string | null) => STATUS_OPTIONS.find((o) => o.value === s)?.label ?? s;
  return (
    <Timeline bulletSize={18} lineWidth={2} data-testid="case-history">
      {list.data.map((f) => (
        <Timeline.Item key={f.v_uid} title={<Text size="sm" fw={600}>{`${f.v_fullname_operator}${f.FromStaff ? ' · FAR' : ''}`}</Text>}>
          <Text size="xs" c="dimmed">
            {FOLLOW_UP_TEXT[f.Kind]} · <DateText value={f.d_create_at} withTime inherit />
          </Text>
          {f.Kind === 'status' ? <Text size="sm">{`${statusName(f.FromStatus)} → ${statusName(f.ToStatus)}`}</Text> : null}
          {f.t_comment ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {f.t_comment}
            </Text>
          ) : null}
          {f.Attachment ? (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPaperclip size={12} />}
              onClick={() => download.mutate({ id: f.Attachment!.Id, name: f.Attachment!.Name }, { onError: fail('No se descargó el archivo') })}
            >
              {f.Attachment.Name}
            </Button>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function ReplyForm({ uid }: { uid: string }) {
  const [comment, setComment] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const reply = useReply();
  const tooLong = comment.length > CLARIFICATION_LIMITS.comment;
  const send = () =>
    reply.mutate(
      { uid, comment, file },
      {
        onSuccess: () => {
          setComment('');
          setFile(null);
          notifications.show({ color: 'green', message: 'Seguimiento enviado' });
        },
        onError: fail('No se envió el seguimiento'),
      },
    );
  return (
    <Stack gap="xs">
      <Textarea
        label="Responder"
        placeholder="Escribe tu mensaje"
        autosize
        minRows={2}
        maxRows={6}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        error={tooLong ? `Debe contener máximo ${CLARIFICATION_LIMITS.comment} caracteres` : undefined}
        data-testid="case-reply"
      />
      <FileInput
        label="Adjunto (opcional)"
        placeholder="PDF o imagen .jpg, .jpeg, .png"
        accept=".pdf,.jpg,.jpeg,.png"
        clearable
        value={file}
        onChange={setFile}
        leftSection={<IconPaperclip size={14} />}
      />
      <Group justify="flex-end">
        <Button
          leftSection={<IconSend size={16} />}
          loading={reply.isPending}
          disabled={tooLong || (comment.trim() === '' && !file)}
          onClick={send}
          data-testid="case-reply-send"
        >
          Enviar
        </Button>
      </Group>
    </Stack>
  );
}

function RateForm({ uid }: { uid: string }) {
  const [score, setScore] = useState<string | null>(null);
  const [text, setText] = useState('');
  const change = useChangeCase();
  return (
    <Paper withBorder p="sm" data-testid="case-rate">
      <Stack gap="xs">
        <Text size="sm" fw={600} id="rate-label">
          ¿Cómo calificas la atención? (0 a 5)
        </Text>
        <SegmentedControl aria-labelledby="rate-label" data={['0', '1', '2', '3', '4', '5']} value={score ?? ''} onChange={setScore} fullWidth />
        <Textarea
          label="Comentario (opcional)"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={text.length > CLARIFICATION_LIMITS.rating ? `Debe contener máximo ${CLARIFICATION_LIMITS.rating} caracteres` : undefined}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconStar size={16} />}
            disabled={score === null || text.length > CLARIFICATION_LIMITS.rating}
            loading={change.isPending}
            onClick={() =>
              change.mutate(
                { uid, n_calification: Number(score), t_calification: text.trim() || undefined },
                {
                  onSuccess: () => notifications.show({ color: 'green', message: 'Gracias por tu calificación' }),
                  onError: fail('No se guardó la calificación'),
                },
              )
            }
            data-testid="case-rate-send"
          >
            Calificar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function StaffActions({ c, meId }: { c: ClarificationOut; meId: string }) {
  const change = useChangeCase();
  const [note, setNote] = useState('');
  const run = (body: CaseChange, done: string) =>
    change.mutate(
      { uid: c.v_uid, ...body },
      { onSuccess: () => (setNote(''), notifications.show({ color: 'green', message: done })), onError: fail('No se actualizó la aclaración') },
    );
  if (!canMoveClarification(c.Status, 'cerrado')) return null;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {c.v_uid_assignee !== meId ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconHandGrab size={14} />}
            loading={change.isPending}
            onClick={() => run({ AssignToMe: true }, 'Aclaración asignada a ti')}
            data-testid="case-take"
          >
            Tomar
          </Button>
        ) : null}
        {canMoveClarification(c.Status, 'escalada') ? (
          <Button
            size="xs"
            variant="light"
            color="grape"
            leftSection={<IconArrowUpRight size={14} />}
            loading={change.isPending}
            onClick={() => run({ v_uid_status: 'escalada', t_note: note.trim() || undefined }, 'Aclaración escalada')}
          >
            Escalar
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() =>
            openConfirmDialog({
              title: 'Eliminar aclaración',
              message: `Se eliminará la aclaración ${c.v_num_sheet}.`,
              confirmLabel: 'Eliminar',
              danger: true,
              onConfirm: () => run({ v_uid_status: 'eliminado' }, 'Aclaración eliminada'),
            })
          }
        >
          Eliminar
        </Button>
      </Group>
      <Textarea
        label="Respuesta de cierre"
        placeholder="Lo que se resolvió (se envía al cliente)"
        autosize
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        data-testid="case-close-note"
      />
      <Group justify="flex-end">
        <Button
          leftSection={<IconCheck size={16} />}
          loading={change.isPending}
          disabled={note.trim() === '' || note.length > CLARIFICATION_LIMITS.comment}
          onClick={() => run({ v_uid_status: 'cerrado', t_note: note.trim() }, 'Aclaración cerrada')}
          data-testid="case-close"
        >
          Cerrar aclaración
        </Button>
      </Group>
    </Stack>
  );
}

/** One case: its record, the disputed movement, the history, and what the caller may do next. */
export function CaseDetail({ uid, staff, meId }: { uid: string; staff: boolean; meId: string }) {
  const one = useCase(uid);
  const change = useChangeCase();
  if (one.isPending) return <Skeleton h={240} />;
  if (one.isError) return <ErrorAlert error={one.error} title="No fue posible cargar la aclaración" onRetry={() => void one.refetch()} />;
  const c = one.data;
  const open = c.Status === 'por-abrir' || c.Status === 'en-proceso' || c.Status === 'escalada';
  return (
    <Stack gap="md" data-testid="case-detail">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={700} className="tabular" data-testid="case-folio">
            {c.v_num_sheet}
          </Text>
          <Text size="sm" c={c.Overdue ? 'red.8' : 'dimmed'}>
            {timeLeftText(c)}
          </Text>
        </Stack>
        <Group gap="xs">
          {c.Overdue ? <Badge color="red">Vencida</Badge> : null}
          <StatusBadge status={c.Status} />
        </Group>
      </Group>
      <DetailGrid
        cols={2}
        items={[
          { label: 'Tipo', value: c.TypeName },
          { label: 'Abrió', value: c.OpenedBy },
          ...(staff ? [{ label: 'Cliente', value: `${c.v_client}${c.ClientName ? ` · ${c.ClientName}` : ''}` }] : []),
          { label: 'Atiende', value: c.AssigneeName },
          { label: 'Fecha', value: <DateText value={c.d_create_at} withTime inherit /> },
          { label: 'Fecha objetivo', value: <DateText value={c.d_due_at} withTime inherit /> },
          {
            label: 'Clave de rastreo',
            value: c.v_key_tracing ? (
              <Text span inherit className="tabular">
                {c.v_key_tracing}
              </Text>
            ) : null,
          },
          { label: 'Calificación', value: c.n_calification === null ? null : `${c.n_calification} de 5${c.t_calification ? ` · ${c.t_calification}` : ''}` },
          { label: 'Descripción', value: c.t_comment, wide: true },
        ]}
      />
      {c.v_uid_movement ? <DisputedMovement id={c.v_uid_movement} /> : null}
      <Divider label="Seguimiento" labelPosition="left" />
      <History uid={c.v_uid} />
      {open ? (
        <ReplyForm uid={c.v_uid} />
      ) : (
        <Alert variant="light" color="gray">
          Esta aclaración ya no admite seguimientos.
        </Alert>
      )}
      {staff && open ? (
        <>
          <Divider label="Atención" labelPosition="left" />
          <StaffActions c={c} meId={meId} />
        </>
      ) : null}
      {!staff && c.Status === 'cerrado' && c.n_calification === null && c.v_uid_user === meId ? <RateForm uid={c.v_uid} /> : null}
      {!staff && c.Status === 'por-abrir' ? (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={change.isPending}
            onClick={() =>
              openConfirmDialog({
                title: 'Eliminar aclaración',
                message: `Se eliminará la aclaración ${c.v_num_sheet}.`,
                confirmLabel: 'Eliminar',
                danger: true,
                onConfirm: () => change.mutate({ uid: c.v_uid, v_uid_status: 'eliminado' }, { onError: fail('No se eliminó la aclaración') }),
              })
            }
          >
            Eliminar
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
