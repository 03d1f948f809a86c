/**
 * The served OpenAPI document (/docs/json; packages/client is generated from it). Every money
 * operation (a route with config.money) is documented with its example (config.example) and the
 * error answers a caller must handle, each with the §8 envelope (docs/api.md «Errores»).
 */
import { errorAnswer, type ErrorCode } from '@far/contracts';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** What a money route shows as its example: the JSON body, or the form fields of a multipart upload. */
export type RouteExample = { body: Record<string, unknown> } | { form: Record<string, string> } | { params: Record<string, string> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The example of the route in the OpenAPI document (required on a money route: test/api/openapi.test.ts). */
    example?: RouteExample;
  }
}

/** The error envelope as JSON Schema: the same body every refusal has (platform/error-handler.ts). */
const ERROR_ENVELOPE = {
  type: 'object',
  required: ['success', 'IsSuccess', 'data', 'status', 'ErrorCode', 'errorCode', 'message', 'Message', 'errorDescrpition'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    IsSuccess: { type: 'boolean', enum: [false] },
    data: { nullable: true, description: 'null, salvo donde la ruta documenta datos del rechazo' },
    status: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } },
    ErrorCode: { type: 'string', description: 'Código del catálogo (docs/api.md «Errores»)' },
    errorCode: { type: 'string' },
    message: { type: 'string', description: 'Texto en español para mostrar' },
    Message: { type: 'string' },
    errorDescrpition: { type: 'string' },
    errors: {
      type: 'array',
      description: 'Un elemento por campo rechazado (400)',
      items: {
        type: 'object',
        required: ['field', 'key', 'message'],
        properties: { field: { type: 'string' }, key: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

/** The refusals of a money operation, with the code and a typical text of each. */
const MONEY_ERRORS: { status: number; code: ErrorCode; when: string; message?: string; errors?: { field: string; key: string; message: string }[] }[] = [
  {
    status: 400,
    code: 'VALIDATION',
    when: 'Datos no válidos (errors[] nombra cada campo) o falta el encabezado Idempotency-Key',
    message: 'Los datos enviados no son válidos',
    errors: [{ field: 'Idempotency-Key', key: 'required', message: 'Falta el encabezado Idempotency-Key' }],
  },
  { status: 401, code: 'UNAUTHORIZED', when: 'Sin sesión, o una clave de API desconocida, revocada o vencida' },
  { status: 403, code: 'FORBIDDEN', when: 'El rol o la clave de API no tiene el permiso (scope) de la operación' },
  { status: 404, code: 'NOT_FOUND', when: 'La cuenta, orden o registro no existe o es de otra empresa' },
  { status: 409, code: 'IDEMPOTENCY_CONFLICT', when: 'La misma Idempotency-Key ya se usó con otro cuerpo' },
  {
    status: 422,
    code: 'BUSINESS_RULE',
    when: 'Regla de negocio: saldo insuficiente, límite superado, código de seguridad incorrecto…',
    message: 'Saldo insuficiente',
  },
  { status: 429, code: 'RATE_LIMIT', when: 'Demasiadas solicitudes; reintenta después de Retry-After' },
];

const errorResponses = () =>
  Object.fromEntries(
    MONEY_ERRORS.map((e) => [
      e.status,
      { description: `${e.code}: ${e.when}`, ...ERROR_ENVELOPE, examples: [errorAnswer(e.code, e.message, { errors: e.errors })] },
    ]),
  );

type Transform = typeof jsonSchemaTransform;
type JsonSchema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

function withExample(schema: Record<string, unknown>, example: RouteExample): Record<string, unknown> {
  if ('body' in example) return { ...schema, body: { ...(schema['body'] as JsonSchema), examples: [example.body] } };
  if ('params' in example) {
    const params = schema['params'] as JsonSchema;
    const properties = Object.fromEntries(Object.entries(params.properties ?? {}).map(([k, v]) => [k, { ...v, examples: [example.params[k]] }]));
    return { ...schema, params: { ...params, properties } };
  }
  // A multipart upload: its fields, as the form a caller sends.
  const properties = Object.fromEntries(Object.keys(example.form).map((k) => [k, { type: 'string', format: k === 'File' ? 'binary' : undefined }]));
  return { ...schema, consumes: ['multipart/form-data'], body: { type: 'object', properties, examples: [example.form] } };
}

/** jsonSchemaTransform, plus the example and the error answers of every money operation. */
export const documentRoute: Transform = (input) => {
  const out = jsonSchemaTransform(input);
  const config = input.route.config as { money?: unknown; example?: RouteExample } | undefined;
  if (!config?.money) return out;
  let schema = out.schema as Record<string, unknown>;
  if (config.example) schema = withExample(schema, config.example);
  schema = { ...schema, response: { ...(schema['response'] as object), ...errorResponses() } };
  return { ...out, schema: schema as typeof out.schema };
};
