import {
  errorMessage,
  failedRules,
  initialValues as emptyForm,
  isEnabled,
  resetDisabled,
  validateContent,
  type ContentDefinition,
  type ContentField,
} from '@far/contracts';
import { ActionIcon, Button, FileButton, Group, Image, Input, NativeSelect, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPhotoUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { errorText, type ApiFieldError } from '../../lib/api-client';
import { RichTextField } from './rich-text-field';

type Values = Record<string, unknown>;
type Path = Array<string | number>;

const key = (path: Path) => path.join('.');
/** The server names a content's value errors `t_json.<path>` (its §3 column). */
const VALUES = 't_json.';

function getIn(values: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, step) => (at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[step] : undefined), values);
}

function setIn(values: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  if (typeof step === 'number') {
    const list = Array.isArray(values) ? [...(values as unknown[])] : [];
    list[step] = setIn(list[step], rest, value);
    return list;
  }
  const obj = values !== null && typeof values === 'object' ? { ...(values as Values) } : {};
  obj[step!] = setIn(obj[step!], rest, value);
  return obj;
}

export interface ContentFormProps {
  definition: ContentDefinition;
  initialValues?: Values;
  /** Stores a picked image and gives back its URL (the form keeps URLs, not files). */
  upload: (file: File) => Promise<string>;
  onSubmit: (values: Values) => void | Promise<void>;
  /** Extra checks of the surrounding form (the content's name): false stops the submit. */
  beforeSubmit?: () => boolean;
  onValuesChange?: (values: Values) => void;
  /** Field errors of the server, named `t_json.<path>`. */
  serverErrors?: ApiFieldError[];
  submitLabel?: string;
  submitting?: boolean;
  /** Fields of the surrounding form, drawn above the definition's fields. */
  children?: ReactNode;
  actions?: ReactNode;
}

/**
 * The form of any content type, drawn from its definition (no hand-written form per type). The
 * engine of contracts validates it, so the messages are those the server gives; the toggle of §2
 * disables and resets fields whose condition no longer holds. On submit every field is touched.
 */
export function ContentForm({
  definition,
  initialValues,
  upload,
  onSubmit,
  beforeSubmit,
  onValuesChange,
  serverErrors,
  submitLabel = 'Guardar',
  submitting,
  children,
  actions,
}: ContentFormProps) {
  const [values, setValues] = useState<Values>(() => resetDisabled(definition.fields, { ...emptyForm(definition.fields), ...initialValues }));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<Set<string>>(new Set());
  const [changedSinceServer, setChangedSinceServer] = useState<Set<string>>(new Set());

  const errors = useMemo(() => {
    const result = validateContent(definition, values);
    const map = new Map<string, string>();
    if (!result.ok) for (const e of result.errors) if (!map.has(e.field)) map.set(e.field, e.message);
    return map;
  }, [definition, values]);
  useEffect(() => onValuesChange?.(values), [values, onValuesChange]);
  const serverMap = useMemo(
    () => new Map((serverErrors ?? []).filter((e) => e.field.startsWith(VALUES)).map((e) => [e.field.slice(VALUES.length), e.message])),
    [serverErrors],
  );

  const shownError = (path: Path): string | undefined => {
    const k = key(path);
    if (fileErrors[k]) return fileErrors[k];
    if (!changedSinceServer.has(k) && serverMap.has(k)) return serverMap.get(k);
    return submitted || touched.has(k) ? errors.get(k) : undefined;
  };

  const update = (path: Path, value: unknown, levelFields: readonly ContentField[], levelPath: Path) => {
    setValues((current) => {
      let next = setIn(current, path, value) as Values;
      // The toggle: after a change, fields whose condition fails on this level are reset.
      const level = getIn(next, levelPath) as Values | undefined;
      if (level) next = (levelPath.length ? setIn(next, levelPath, resetDisabled(levelFields, level)) : resetDisabled(levelFields, level)) as Values;
      return next;
    });
    setChangedSinceServer((s) => new Set(s).add(key(path)));
  };
  const touch = (path: Path) => setTouched((t) => (t.has(key(path)) ? t : new Set(t).add(key(path))));

  const pickImage = async (field: ContentField, path: Path, file: File | null, levelFields: readonly ContentField[], levelPath: Path) => {
    const k = key(path);
    touch(path);
    if (!file) return;
    const failed = failedRules(file, field.validators);
    if (failed.length > 0) {
      setFileErrors((f) => ({ ...f, [k]: errorMessage(field, failed[0]!) }));
      return;
    }
    setUploading((u) => new Set(u).add(k));
    try {
      const url = await upload(file);
      setFileErrors((f) => Object.fromEntries(Object.entries(f).filter(([p]) => p !== k)));
      update(path, url, levelFields, levelPath);
    } catch (err) {
      setFileErrors((f) => ({ ...f, [k]: errorText(err) }));
    } finally {
      setUploading((u) => {
        const next = new Set(u);
        next.delete(k);
        return next;
      });
    }
  };

  const renderField = (field: ContentField, levelFields: readonly ContentField[], levelPath: Path): ReactNode => {
    const level = (getIn(values, levelPath) ?? {}) as Values;
    const path = [...levelPath, field.field];
    const k = key(path);
    const enabled = isEnabled(field, level);
    const required = !!(field.validators?.required || (field.when?.required && enabled));
    const error = enabled ? shownError(path) : undefined;
    const value = getIn(values, path);
    const id = `cms-${k.replaceAll('.', '-')}`;
    const common = { id, label: field.label, withAsterisk: required, disabled: !enabled, error, placeholder: field.placeholder, onBlur: () => touch(path) };
    const text = typeof value === 'string' ? value : '';

    switch (field.control) {
      case 'textarea':
        return <Textarea key={k} {...common} rows={3} value={text} onChange={(e) => update(path, e.currentTarget.value, levelFields, levelPath)} />;
      case 'select':
        return (
          <NativeSelect
            key={k}
            {...common}
            value={text}
            data={[{ value: '', label: 'Selecciona una opción' }, ...(field.options ?? [])]}
            onChange={(e) => {
              touch(path);
              update(path, e.currentTarget.value, levelFields, levelPath);
            }}
          />
        );
      case 'richtext':
        return (
          <RichTextField
            key={k}
            id={id}
            label={field.label}
            required={required}
            disabled={!enabled}
            error={error}
            value={text}
            onChange={(html) => update(path, html, levelFields, levelPath)}
            onBlur={() => touch(path)}
          />
        );
      case 'image':
        return (
          <Input.Wrapper
            key={k}
            label={field.label}
            withAsterisk={required}
            error={error}
            id={`${id}-wrapper`}
            description={field.validators?.accept ? `${field.validators.accept} · hasta ${field.validators.fileSize ?? 2} MB` : undefined}
          >
            <Group mt={6} gap="sm" align="center">
              {text ? (
                <Image src={text} alt={`${field.label} actual`} w={56} h={56} fit="contain" radius="sm" bd="1px solid var(--mantine-color-gray-3)" />
              ) : null}
              <FileButton
                onChange={(file) => void pickImage(field, path, file, levelFields, levelPath)}
                accept={field.validators?.accept?.replaceAll(' ', '')}
                disabled={!enabled}
                inputProps={{ 'aria-label': field.label, id } as never}
              >
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconPhotoUp size={16} />} loading={uploading.has(k)} disabled={!enabled}>
                    {text ? 'Cambiar imagen' : 'Seleccionar imagen'}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Input.Wrapper>
        );
      case 'group': {
        const entries = Array.isArray(value) ? (value as Values[]) : [];
        const sub = field.fields ?? [];
        return (
          <Input.Wrapper key={k} label={field.label} withAsterisk={required} error={error} id={`${id}-wrapper`}>
            <Stack gap="sm" mt={6} data-testid={`group-${field.field}`} aria-disabled={!enabled}>
              {entries.map((_, index) => (
                <Paper key={index} withBorder p="sm" component="fieldset" aria-label={`${field.label} ${index + 1}`} style={{ margin: 0 }}>
                  <Group justify="space-between" mb="xs">
                    <Text size="sm" fw={600}>
                      {index + 1}.
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Quitar ${index + 1}`}
                      onClick={() =>
                        update(
                          path,
                          entries.filter((__, i) => i !== index),
                          levelFields,
                          levelPath,
                        )
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                  <Stack gap="sm">{sub.map((f) => renderField(f, sub, [...path, index]))}</Stack>
                </Paper>
              ))}
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  disabled={!enabled}
                  onClick={() => update(path, [...entries, emptyForm(sub)], levelFields, levelPath)}
                >
                  {field.addLabel ?? 'Agregar'}
                </Button>
              </Group>
            </Stack>
          </Input.Wrapper>
        );
      }
      default:
        return (
          <TextInput
            key={k}
            {...common}
            type={field.control === 'url' ? 'url' : 'text'}
            value={text}
            onChange={(e) => update(path, e.currentTarget.value, levelFields, levelPath)}
          />
        );
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const outer = beforeSubmit ? beforeSubmit() : true;
    const result = validateContent(definition, values);
    if (!outer || !result.ok || Object.keys(fileErrors).length > 0 || uploading.size > 0) return;
    void onSubmit(result.values);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {children}
        {definition.fields.map((f) => renderField(f, definition.fields, []))}
        <Group justify="flex-end" gap="sm">
          {actions}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
