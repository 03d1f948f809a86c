import { desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { FIELDS } from './fields';

/**
 * What a typed search can be, read once: the words of a name, a key (RFC, CURP, CLABE, tracking
 * key, folio, client number), an e-mail, a phone, a card's last four or its masked number, an
 * amount in pesos. Each value is null when the text cannot be that, and a null value matches
 * nothing in SQL (col LIKE NULL), so every kind's condition has one shape whatever was typed.
 */
export interface SearchValues {
  /** 'empre:* & dem:*': the words, without accents and lower case, each as a prefix. */
  words: string | null;
  /** One token upper-cased (RFC, CURP, tracking key, folio, client number, identifier). */
  key: string | null;
  /** The first text after every text that starts with `key`: key ≤ x < keyEnd is "x starts with key". */
  keyEnd: string | null;
  /** The text lower-cased as the start of an e-mail. */
  email: string | null;
  emailEnd: string | null;
  /** Digits only (CLABE, phone, account number), two or more. */
  digits: string | null;
  digitsEnd: string | null;
  /** The whole text, folded, as the start of a name (ranks "Empresa Demo" first for "empresa d"). */
  name: string | null;
  nameEnd: string | null;
  last4: string | null;
  first6: string | null;
  /** An amount in pesos as typed ("1,234.50", "1234.5", "$1,234"), in integer cents. */
  cents: string | null;
}
type SearchValueName = keyof SearchValues;

/**
 * How a condition reads a value: inline (a list's search), or a named placeholder (a prepared
 * statement). `absent` names the values the text cannot be: their conditions are left out of the
 * statement, rather than kept as index scans of NULL that match nothing (the search, whose
 * statement is prepared per set of present values).
 */
export type Val = ((name: SearchValueName) => SQL) & { absent?: (name: SearchValueName) => boolean };
export const inline =
  (values: SearchValues): Val =>
  (name) =>
    sql`${values[name]}`;
export const placeholders: Val = (name) => sql`${sql.placeholder(name)}`;
/** Placeholders, leaving out the conditions of the values that are null in `values`. */
export const presentPlaceholders = (values: SearchValues): Val =>
  Object.assign((name: SearchValueName) => placeholders(name), { absent: (name: SearchValueName) => values[name] === null });

const MAX_WORDS = 8;
/**
 * The end of the range of texts that start with `s`, in text_pattern_ops order (bytes of UTF-8,
 * which is code point order): `s` with its last character's code point plus one.
 */
const rangeEnd = (s: string | null) => {
  if (!s) return null;
  const chars = [...s];
  const last = chars.pop()!.codePointAt(0)!;
  return last >= 0xd7ff ? null : chars.join('') + String.fromCodePoint(last + 1);
};
/** The text as far_norm() leaves it: without accents, lower case. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Pesos with optional thousands commas and up to two decimals, as a person types them; never a float. */
const AMOUNT = /^\$?\s?(\d{1,3}(?:,\d{3})+|\d{1,13})(?:\.(\d{1,2}))?$/;
const MASKED = /^(?:(\d{6})[*xX•·]{2,}|[*xX•·]{2,})(\d{4})$/;

export function searchValues(typed: string): SearchValues {
  const q = typed.trim().replace(/\s+/g, ' ');
  const words = fold(q)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  const token = /^[A-Za-z0-9-]+$/.test(q) ? q.toUpperCase() : null;
  const oneWord = q.includes(' ') ? null : q.toLowerCase();
  const digitsOnly = /^\+?[\d-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  const digits = digitsOnly.length >= 2 ? digitsOnly : null;
  const masked = MASKED.exec(q.replace(/\s/g, ''));
  const amount = AMOUNT.exec(q);
  const cents = amount ? BigInt(amount[1]!.replace(/,/g, '')) * 100n + BigInt((amount[2] ?? '').padEnd(2, '0')) : null;
  return {
    words: words.length ? words.map((w) => `${w}:*`).join(' & ') : null,
    key: token,
    keyEnd: rangeEnd(token),
    email: oneWord,
    emailEnd: rangeEnd(oneWord),
    digits,
    digitsEnd: rangeEnd(digits),
    name: words.length ? fold(q) : null,
    nameEnd: words.length ? rangeEnd(fold(q)) : null,
    last4: masked?.[2] ?? (/^\d{4}$/.test(q) ? q : null),
    first6: masked?.[1] ?? null,
    cents: cents !== null && cents > 0n ? cents.toString() : null,
  };
}

// ---- one condition per kind: the search and the kind's own list use these, nothing else ----------

const words = (field: string, v: Val) => (v.absent?.('words') ? null : sql`${sql.raw(field)} @@ to_tsquery('simple', ${v('words')})`);
/**
 * "Starts with" as the range it is (not LIKE 'x%'): the planner turns LIKE into this range anyway,
 * but then keeps the LIKE as a filter on every row read, and with it the whole OR of a kind's
 * conditions (the name's to_tsvector computed again per row: 3 ms of a 6 ms search, decision 0034).
 */
export const prefix = (column: string, v: Val, value: 'key' | 'email' | 'digits' | 'name') =>
  v.absent?.(value) ? null : sql`(${sql.raw(column)} ~>=~ ${v(value)} AND ${sql.raw(column)} ~<~ ${v(`${value}End`)})`;
const amount = (v: Val) => (v.absent?.('cents') ? null : sql`n_amount_cents = ${v('cents')}::bigint`);
const card = (v: Val) => (v.absent?.('last4') ? null : sql`(v_pan_last4 = ${v('last4')} AND (${v('first6')}::text IS NULL OR v_pan_first6 = ${v('first6')}))`);
/** The conditions a text can meet, any of them; none (`false`, planned as no scan at all) when it can meet none. */
const anyOf = (...conditions: Array<SQL | null>) => {
  const kept = conditions.filter((c): c is SQL => c !== null);
  return kept.length ? sql`(${sql.join(kept, sql` OR `)})` : sql`false`;
};

export const MATCH = {
  business: (v: Val) =>
    anyOf(
      words(FIELDS.businessWords, v),
      prefix('v_rfc', v, 'key'),
      prefix('v_curp', v, 'key'),
      prefix('v_client', v, 'key'),
      prefix('v_account_number', v, 'digits'),
      prefix(FIELDS.email, v, 'email'),
    ),
  user: (v: Val) => anyOf(words(FIELDS.userWords, v), prefix(FIELDS.email, v, 'email'), prefix('v_cell_phone', v, 'digits'), prefix('v_client', v, 'key')),
  cardholder: (v: Val) => anyOf(words(FIELDS.cardholderWords, v), prefix(FIELDS.cardholderId, v, 'key'), prefix(FIELDS.email, v, 'email')),
  card: (v: Val) => anyOf(card(v)),
  movement: (v: Val) =>
    anyOf(
      words(FIELDS.movementWords, v),
      prefix(FIELDS.trackingKey, v, 'key'),
      prefix('v_beneficiary_clabe', v, 'digits'),
      prefix('v_source_clabe', v, 'digits'),
      amount(v),
    ),
  dispersion: (v: Val) => anyOf(words(FIELDS.dispersionWords, v)),
  // The client number serves staff (a business user's cases all share its own).
  clarification: (v: Val) =>
    anyOf(prefix(FIELDS.folio, v, 'key'), prefix(FIELDS.clarificationTrackingKey, v, 'key'), prefix('v_client', v, 'key'), words(FIELDS.clarificationWords, v)),
} as const;

/**
 * Newest first, for a list being searched: the same order, written so that the list's date index
 * cannot give it. Walking the list by date and testing each row against the search finds rare
 * matches last (a tracking key's start whose 9,000 movements were the oldest: 0.9 s over 90,000
 * rows); so the matches are read through their own indexes and sorted: the cost is the matches'.
 */
export const newestMatchesFirst = (date: AnyColumn, id: AnyColumn) => [desc(sql`${date} + interval '0 s'`), desc(id)];
