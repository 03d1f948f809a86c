/** STP's refusals of an order (registraOrden's id and descripcionError) as the Spanish message people see. */
const REFUSALS: Array<[id: number, pattern: RegExp, message: string]> = [
  [0, /firma/i, 'STP rechazó la firma de la orden'],
  [0, /El campo .+ es obligatorio/, 'STP rechazó la orden: falta un dato obligatorio'],
  [-7, /no existe/, 'La cuenta del beneficiario no existe'],
  [-9, /Institucion/i, 'La institución del beneficiario no es válida'],
  [-11, /tipo de cuenta/i, 'El tipo de cuenta del beneficiario no es válido'],
  [-20, /monto/i, 'El monto no es válido para la institución del beneficiario'],
  [-22, /no coincide/, 'La CLABE no corresponde a la institución del beneficiario'],
  [-24, /MISMA_CUENTA/, 'No se puede transferir a la misma cuenta'],
  [-34, /rastreo/i, 'La clave de rastreo no es válida'],
  [-200, /PLD/, 'La orden fue rechazada por prevención de lavado de dinero'],
];

export function refusalMessage(id: number, description: string): string {
  const known = REFUSALS.find(([code, pattern]) => code === id && pattern.test(description));
  return known ? known[2] : `STP rechazó la orden: ${description}`;
}

/** registraOrden's «La clave de rastreo … ya fue utilizada»: an earlier send went through, so the order is asked for, never refused. */
export const isTrackingKeyUsed = (id: number, description: string) => id === -1 && /clave de rastreo .+ ya fue utilizada/i.test(description);
