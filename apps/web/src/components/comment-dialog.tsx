import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { REQUIRED_MARK } from './required-mark';

const MAX = 500;

interface CommentDialogProps {
  opened: boolean;
  title: string;
  /** Shown above the field (what the comment is about). */
  intro?: ReactNode;
  label: string;
  description?: string;
  /** The message of an empty comment. */
  emptyMessage: string;
  submitLabel: string;
  danger?: boolean;
  loading: boolean;
  testId?: string;
  onClose: () => void;
  /** The trimmed comment; call `done` once saved (closes and clears) or `fail` with the message to show under the field. */
  onSubmit: (text: string, result: { done: () => void; fail: (message: string) => void }) => void;
}

/** A dialog that asks for a required comment (a reason to reject, a review note) of at most 500 characters. */
export function CommentDialog({
  opened,
  title,
  intro,
  label,
  description,
  emptyMessage,
  submitLabel,
  danger,
  loading,
  testId,
  onClose,
  onSubmit,
}: CommentDialogProps) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = comment.trim();
    if (!text) return setError(emptyMessage);
    if (text.length > MAX) return setError(`Debe contener máximo ${MAX} caracteres`);
    onSubmit(text, { done: close, fail: setError });
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <form onSubmit={submit} noValidate data-testid={testId}>
        <Stack gap="md">
          {intro}
          <Textarea
            label={label}
            {...REQUIRED_MARK}
            description={description}
            rows={3}
            value={comment}
            onChange={(e) => {
              setComment(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            aria-invalid={error ? true : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={loading}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
