/**
 * A multipart body: the file (field `file`) and the text fields the route reads. Type `fields` with
 * the contract of the route (z.input<typeof Body>), so a renamed or retyped field fails the typecheck;
 * undefined fields are left out.
 */
export function multipart(file: File, fields: Record<string, string | number | boolean | undefined> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, String(value));
  body.append('file', file);
  return body;
}
