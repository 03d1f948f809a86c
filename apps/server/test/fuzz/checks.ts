/** What every answer to a bad input must be: no 5xx, no leak, Spanish, the error envelope. */

/** Traces of the inside: stacks, file paths, SQL, driver and library names. */
const LEAK = [
  /\bat [\w$.<>]+ \(/,
  /(?:^|[\s"'(])\/(?:work|home|usr|tmp|app|srv|var|opt)\//,
  /node_modules/,
  /\.(?:[cm]?[jt]s|tsx):\d+/,
  /\b(?:SELECT|INSERT INTO|DELETE FROM)\b|\bUPDATE "?\w+"? SET\b/,
  /\b(?:postgres(?:ql)?|pglite|drizzle|fastify|zod|busboy|find-my-way|avvio|node-postgres)\b/i,
  /\bFST_[A-Z_]+|\bERR_[A-Z_]{3,}|\bE[A-Z]{4,}\b(?=:)/,
  /\b(?:TypeError|ReferenceError|RangeError|SyntaxError)\b/,
  /duplicate key|violates .* constraint|relation "|column "|invalid byte sequence|syntax error at/i,
];

/** English words a framework or library would answer with. */
const ENGLISH =
  /\b(?:the|must|should|expected|received|cannot|invalid|required|not found|too large|too long|unsupported|body|route|params|querystring|property|unexpected|characters?|string|number|object|array|request|header|error occurred|exceeded|allowed)\b/i;
/** The spec's own English sample (§8) is a message on purpose. */
const ENGLISH_ON_PURPOSE = new Set(['The payment day needs to be a future date']);

const isSpanish = (m: unknown) => typeof m === 'string' && m.trim() !== '' && (ENGLISH_ON_PURPOSE.has(m) || !ENGLISH.test(m));

export interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** The defects of one answer; empty when it is honest. */
export function problems(res: Answer): string[] {
  const out: string[] = [];
  if (res.statusCode >= 500) out.push(`${res.statusCode}`);
  if (res.statusCode < 400) return out;
  const leak = LEAK.find((re) => re.test(res.body));
  if (leak) out.push(`fuga ${leak}: ${res.body.slice(0, 200)}`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    return [...out, `sin JSON: ${res.body.slice(0, 120)}`];
  }
  const status = body.status as { code?: unknown; message?: unknown } | undefined;
  const envelope =
    body.success === false &&
    body.IsSuccess === false &&
    'data' in body &&
    status?.code === res.statusCode &&
    typeof body.ErrorCode === 'string' &&
    body.errorCode === body.ErrorCode &&
    typeof body.message === 'string' &&
    body.Message === body.message &&
    typeof body.errorDescrpition === 'string';
  if (!envelope) out.push(`sin sobre de error: ${res.body.slice(0, 200)}`);
  const messages = [
    status?.message,
    body.message,
    body.errorDescrpition,
    ...((body.errors as { message?: unknown }[] | undefined) ?? []).map((e) => e.message),
  ];
  const english = messages.find((m) => !isSpanish(m));
  if (english !== undefined) out.push(`mensaje no en español: ${String(english).slice(0, 120)}`);
  return out;
}
