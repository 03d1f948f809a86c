import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../platform/errors';

/** What the rich-text editor (tiptap starter kit and links) produces; nothing else survives. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'hr', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

// Markup that is never an accident of the editor: the request is refused instead of cleaned.
const HOSTILE = /<\s*(script|iframe|object|embed|style)\b|\son[a-z]+\s*=|javascript\s*:/i;

export const HOSTILE_HTML_MESSAGE = 'El texto contiene código no permitido';

/** Rich text as stored: hostile markup refused (400, nothing written), the rest sanitised. */
export function sanitiseRichText(field: string, html: string): string {
  if (HOSTILE.test(html)) throw new AppError('VALIDATION', HOSTILE_HTML_MESSAGE, { errors: [{ field, key: 'pattern', message: HOSTILE_HTML_MESSAGE }] });
  return sanitizeHtml(html, OPTIONS);
}
