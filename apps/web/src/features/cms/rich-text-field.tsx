import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

const LABELS = {
  boldControlLabel: 'Negritas',
  italicControlLabel: 'Cursivas',
  underlineControlLabel: 'Subrayado',
  strikeControlLabel: 'Tachado',
  h2ControlLabel: 'Título',
  h3ControlLabel: 'Subtítulo',
  bulletListControlLabel: 'Lista con viñetas',
  orderedListControlLabel: 'Lista numerada',
  blockquoteControlLabel: 'Cita',
  linkControlLabel: 'Enlace',
  unlinkControlLabel: 'Quitar enlace',
  undoControlLabel: 'Deshacer',
  redoControlLabel: 'Rehacer',
  linkEditorInputLabel: 'Dirección del enlace',
  linkEditorInputPlaceholder: 'https://',
  linkEditorSave: 'Guardar',
};

interface RichTextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

/** Mantine's tiptap editor; it hands back HTML, which the server sanitises and measures as text. */
export function RichTextField({ id, label, value, onChange, onBlur, error, required, disabled }: RichTextFieldProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': label, id, 'aria-invalid': error ? 'true' : 'false' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });
  // A value set from outside (a restored version, a reset) replaces the editor's content.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => editor?.setEditable(!disabled), [editor, disabled]);

  return (
    <Input.Wrapper label={label} required={required} error={error} id={`${id}-wrapper`}>
      <RichTextEditor editor={editor} labels={LABELS} mt={4} data-testid={`rich-${id}`}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={180} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
