/**
 * Rich text (legal pages) is stored as HTML, but its limits are about what readers see: the text
 * content, as the DOM's textContent would give it, without tags and with entities decoded.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const hex = body[1] === 'x' || body[1] === 'X';
    const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
    return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

/** '<p>Hola&nbsp;<b>mundo</b></p>' → 'Hola mundo'. Not a sanitiser: only for measuring. */
export function htmlTextContent(html: string): string {
  return (
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      // A tag ends at the first '>' outside quotes: browsers leave '>' unescaped in attribute values.
      .replace(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g, '')
      .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, decodeEntity)
  );
}
