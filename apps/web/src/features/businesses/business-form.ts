import {
  CompanyName,
  EmailField,
  PersonName,
  PhoneNumber,
  PostalCodeField,
  RequiredText,
  TYPE_PERSON_IDS,
  curpSchema,
  rfcSchema,
  validateRfc,
  type BusinessDetail,
} from '@far/contracts';
import { z } from 'zod';
import { REQUIRED } from '../../lib/validation';
import type { BusinessInput, FirstUserInput } from './api/create-business';
import type { LegalRepresentativeInput } from './api/create-legal-representative';

/**
 * The business onboarding form. Which fields apply depends on the kind of person (spec §3): a
 * persona moral has a 12-character RFC, a company name and a legal representative, and no last
 * names, phone or CURP; a persona física has a 13-character RFC, CURP, names and last names. All
 * checks run together so every control of a step shows its message at once; the field rules and
 * their messages are the contracts' (the server's).
 */
export type PersonKind = 'moral' | 'fisica';

export interface LegalRepresentativeValues {
  v_names: string;
  v_last_name_1: string;
  v_last_name_2: string;
  v_email: string;
  v_email_alternative: string;
}

export interface FirstUserValues {
  Name: string;
  LastName: string;
  SecondLastName: string;
  Email: string;
  MobileCode: string;
  Mobile: string;
}

export interface BusinessFormValues {
  TypePerson: PersonKind;
  CompanyName: string;
  Name: string;
  LastName: string;
  SecondLastName: string;
  Rfc: string;
  Curp: string;
  Email: string;
  MobileCode: string;
  Mobile: string;
  ConfirmRfcWarning: boolean;
  Street: string;
  ExteriorNumber: string;
  InteriorNumber: string;
  PostalCode: string;
  NeighborhoodId: string | null;
  LegalRepresentative: LegalRepresentativeValues;
  FirstUser: FirstUserValues;
}

export const EMPTY_BUSINESS: BusinessFormValues = {
  TypePerson: 'moral',
  CompanyName: '',
  Name: '',
  LastName: '',
  SecondLastName: '',
  Rfc: '',
  Curp: '',
  Email: '',
  MobileCode: '+52',
  Mobile: '',
  ConfirmRfcWarning: false,
  Street: '',
  ExteriorNumber: '',
  InteriorNumber: '',
  PostalCode: '',
  NeighborhoodId: null,
  LegalRepresentative: { v_names: '', v_last_name_1: '', v_last_name_2: '', v_email: '', v_email_alternative: '' },
  FirstUser: { Name: '', LastName: '', SecondLastName: '', Email: '', MobileCode: '+52', Mobile: '' },
};

export const RFC_CONFIRM_MESSAGE = 'Confirma que el RFC es correcto para continuar';
export const PHONE_DIGITS_MESSAGE = 'El teléfono debe tener 10 dígitos';

/** The fields of each part of the form (the stepper validates one part at a time). */
export const FISCAL_FIELDS = [
  'TypePerson',
  'CompanyName',
  'Name',
  'LastName',
  'SecondLastName',
  'Rfc',
  'Curp',
  'Email',
  'MobileCode',
  'Mobile',
  'ConfirmRfcWarning',
] as const;
export const ADDRESS_FIELDS = ['Street', 'ExteriorNumber', 'InteriorNumber', 'PostalCode', 'NeighborhoodId'] as const;
export const LEGAL_FIELDS = [
  'LegalRepresentative.v_names',
  'LegalRepresentative.v_last_name_1',
  'LegalRepresentative.v_last_name_2',
  'LegalRepresentative.v_email',
  'LegalRepresentative.v_email_alternative',
] as const;
export const FIRST_USER_FIELDS = [
  'FirstUser.Name',
  'FirstUser.LastName',
  'FirstUser.SecondLastName',
  'FirstUser.Email',
  'FirstUser.MobileCode',
  'FirstUser.Mobile',
] as const;

const text = z.string();
const shape = z.object({
  TypePerson: z.enum(['moral', 'fisica']),
  CompanyName: text,
  Name: text,
  LastName: text,
  SecondLastName: text,
  Rfc: text,
  Curp: text,
  Email: text,
  MobileCode: text,
  Mobile: text,
  ConfirmRfcWarning: z.boolean(),
  Street: text,
  ExteriorNumber: text,
  InteriorNumber: text,
  PostalCode: text,
  NeighborhoodId: text.nullable(),
  LegalRepresentative: z.object({ v_names: text, v_last_name_1: text, v_last_name_2: text, v_email: text, v_email_alternative: text }),
  FirstUser: z.object({ Name: text, LastName: text, SecondLastName: text, Email: text, MobileCode: text, Mobile: text }),
});

type Ctx = z.RefinementCtx;
const blank = (v: string | null | undefined) => !v || v.trim() === '';

/** Adds the first message of `schema` for `value` at `path`; true when the value is good. */
function check(ctx: Ctx, path: Array<string | number>, schema: z.ZodType, value: unknown): boolean {
  const result = schema.safeParse(value);
  if (result.success) return true;
  ctx.addIssue({ code: 'custom', path, message: result.error.issues[0]?.message ?? REQUIRED });
  return false;
}
const required = (ctx: Ctx, path: Array<string | number>, schema: z.ZodType, value: string) => {
  if (blank(value)) {
    ctx.addIssue({ code: 'custom', path, message: REQUIRED });
    return false;
  }
  return check(ctx, path, schema, value);
};
const optionalCheck = (ctx: Ctx, path: Array<string | number>, schema: z.ZodType, value: string) => blank(value) || check(ctx, path, schema, value);
const phone = (ctx: Ctx, path: Array<string | number>, code: string, value: string) => {
  if (blank(value)) return;
  if (!check(ctx, path, PhoneNumber, value)) return;
  if (code === '+52' && value.trim().length !== 10) ctx.addIssue({ code: 'custom', path, message: PHONE_DIGITS_MESSAGE });
};

/** The RFC's check-digit warning, when its length, format and date are right but SAT's digit is not. */
export function rfcWarning(rfc: string, kind: PersonKind): string | null {
  if (blank(rfc)) return null;
  const result = validateRfc(rfc, kind);
  return result.ok && result.warnings.length > 0 ? result.warnings[0]!.message : null;
}

export interface BusinessSchemaOptions {
  /** Create: the legal representative (persona moral) and the first user are part of the form. */
  withLegalRepresentative: boolean;
  withFirstUser: boolean;
}

export function businessSchema({ withLegalRepresentative, withFirstUser }: BusinessSchemaOptions) {
  return shape.superRefine((v, ctx) => {
    const moral = v.TypePerson === 'moral';
    // Kind of person and identity.
    if (moral) required(ctx, ['CompanyName'], CompanyName, v.CompanyName);
    else {
      optionalCheck(ctx, ['CompanyName'], CompanyName, v.CompanyName);
      required(ctx, ['Name'], PersonName(), v.Name);
      required(ctx, ['LastName'], PersonName(), v.LastName);
      optionalCheck(ctx, ['SecondLastName'], PersonName(), v.SecondLastName);
    }
    const rfcOk = required(ctx, ['Rfc'], rfcSchema(moral ? 'moral' : 'fisica'), v.Rfc);
    const curpOk = moral ? false : required(ctx, ['Curp'], curpSchema, v.Curp);
    // A person's RFC and CURP both carry the birth date (YYMMDD) in the same place.
    if (rfcOk && curpOk && v.Rfc.trim().toUpperCase().slice(4, 10) !== v.Curp.trim().toUpperCase().slice(4, 10)) {
      ctx.addIssue({ code: 'custom', path: ['Rfc'], message: 'La fecha del RFC no coincide con la de la CURP' });
    }
    if (rfcOk && rfcWarning(v.Rfc, v.TypePerson) && !v.ConfirmRfcWarning)
      ctx.addIssue({ code: 'custom', path: ['ConfirmRfcWarning'], message: RFC_CONFIRM_MESSAGE });
    check(ctx, ['Email'], EmailField, v.Email);
    if (!moral) phone(ctx, ['Mobile'], v.MobileCode, v.Mobile);

    // Address.
    required(ctx, ['Street'], RequiredText(120), v.Street);
    required(ctx, ['ExteriorNumber'], RequiredText(20), v.ExteriorNumber);
    optionalCheck(ctx, ['InteriorNumber'], RequiredText(20), v.InteriorNumber);
    required(ctx, ['PostalCode'], PostalCodeField, v.PostalCode);
    if (blank(v.NeighborhoodId)) ctx.addIssue({ code: 'custom', path: ['NeighborhoodId'], message: REQUIRED });

    if (withLegalRepresentative && moral) {
      const r = v.LegalRepresentative;
      const p = 'LegalRepresentative';
      required(ctx, [p, 'v_names'], PersonName(), r.v_names);
      required(ctx, [p, 'v_last_name_1'], PersonName(), r.v_last_name_1);
      optionalCheck(ctx, [p, 'v_last_name_2'], PersonName(), r.v_last_name_2);
      const emailOk = check(ctx, [p, 'v_email'], EmailField, r.v_email);
      if (optionalCheck(ctx, [p, 'v_email_alternative'], EmailField, r.v_email_alternative) && emailOk && !blank(r.v_email_alternative)) {
        if (r.v_email_alternative.trim().toLowerCase() === r.v_email.trim().toLowerCase()) {
          ctx.addIssue({ code: 'custom', path: [p, 'v_email_alternative'], message: 'El correo alternativo debe ser distinto del principal' });
        }
      }
    }

    if (withFirstUser) {
      const u = v.FirstUser;
      required(ctx, ['FirstUser', 'Name'], PersonName(), u.Name);
      optionalCheck(ctx, ['FirstUser', 'LastName'], PersonName(), u.LastName);
      optionalCheck(ctx, ['FirstUser', 'SecondLastName'], PersonName(), u.SecondLastName);
      check(ctx, ['FirstUser', 'Email'], EmailField, u.Email);
      phone(ctx, ['FirstUser', 'Mobile'], u.MobileCode, u.Mobile);
    }
  });
}

const orNull = (v: string) => (blank(v) ? null : v.trim());

/** The request body of the business itself. */
export function toBusinessInput(v: BusinessFormValues): BusinessInput {
  const moral = v.TypePerson === 'moral';
  return {
    TypePerson: moral ? TYPE_PERSON_IDS.moral : TYPE_PERSON_IDS.fisica,
    CompanyName: orNull(v.CompanyName),
    Name: moral ? null : orNull(v.Name),
    LastName: moral ? null : orNull(v.LastName),
    SecondLastName: moral ? null : orNull(v.SecondLastName),
    Rfc: v.Rfc.trim().toUpperCase(),
    Curp: moral ? null : orNull(v.Curp.toUpperCase()),
    Email: v.Email.trim().toLowerCase(),
    Mobile: moral ? null : orNull(v.Mobile),
    MobileCode: v.MobileCode || '+52',
    Street: v.Street.trim(),
    ExteriorNumber: v.ExteriorNumber.trim(),
    InteriorNumber: orNull(v.InteriorNumber),
    PostalCode: v.PostalCode.trim(),
    NeighborhoodId: v.NeighborhoodId ?? '',
    ConfirmRfcWarning: v.ConfirmRfcWarning,
  };
}

export function toFirstUserInput(u: FirstUserValues): FirstUserInput {
  return {
    Name: u.Name.trim(),
    LastName: orNull(u.LastName),
    SecondLastName: orNull(u.SecondLastName),
    Email: u.Email.trim().toLowerCase(),
    Mobile: orNull(u.Mobile),
    MobileCode: u.MobileCode || '+52',
  };
}

export function toLegalRepresentativeInput(r: LegalRepresentativeValues): LegalRepresentativeInput {
  return {
    v_names: r.v_names.trim(),
    v_last_name_1: r.v_last_name_1.trim(),
    v_last_name_2: orNull(r.v_last_name_2),
    v_email: r.v_email.trim().toLowerCase(),
    v_email_alternative: orNull(r.v_email_alternative?.toLowerCase() ?? ''),
  };
}

export const kindOf = (typePerson: string): PersonKind => (typePerson === TYPE_PERSON_IDS.fisica ? 'fisica' : 'moral');

/** An existing business as form values (editing; the kind of person does not change). */
export function businessToForm(b: BusinessDetail): BusinessFormValues {
  return {
    ...EMPTY_BUSINESS,
    TypePerson: kindOf(b.TypePerson),
    CompanyName: b.CompanyName ?? '',
    Name: b.Name ?? '',
    LastName: b.LastName ?? '',
    SecondLastName: b.SecondLastName ?? '',
    Rfc: b.Rfc,
    Curp: b.Curp ?? '',
    Email: b.Email,
    MobileCode: b.MobileCode || '+52',
    Mobile: b.Mobile ?? '',
    // The stored RFC was already accepted; only a new one asks again.
    ConfirmRfcWarning: true,
    Street: b.Street,
    ExteriorNumber: b.ExteriorNumber,
    InteriorNumber: b.InteriorNumber ?? '',
    PostalCode: b.PostalCode,
    NeighborhoodId: b.NeighborhoodId,
  };
}

export const businessDisplayName = (b: Pick<BusinessDetail, 'CompanyName' | 'Name' | 'LastName' | 'SecondLastName' | 'TypePerson'>) =>
  kindOf(b.TypePerson) === 'moral' ? (b.CompanyName ?? '') : [b.Name, b.LastName, b.SecondLastName].filter(Boolean).join(' ');
